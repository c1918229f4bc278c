import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { MAX_PROJECT_ID_LENGTH } from '../../auth/project-id';
import { MAX_DESCRIPTION_LENGTH } from '../../zones/dto/zone-fields';

export class CreateTransferRequestDto {
  @ApiPropertyOptional()
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_PROJECT_ID_LENGTH)
  target_project_id?: string | null;

  @ApiPropertyOptional()
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}

/** PATCH: only the description changes. */
export class UpdateTransferRequestDto {
  @ApiProperty()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description!: string | null;
}

export class TransferAcceptDto {
  @ApiProperty()
  @IsString({ message: "'key' is a required property" })
  @MaxLength(160)
  key!: string;

  @ApiProperty()
  @IsString({ message: "'zone_transfer_request_id' is a required property" })
  zone_transfer_request_id!: string;
}
