import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { MAX_PROJECT_ID_LENGTH } from '../../auth/project-id';
import { MAX_DESCRIPTION_LENGTH } from '../../zones/dto/zone-fields';

export class CreateTransferRequestDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_PROJECT_ID_LENGTH,
    description: 'The only project that may accept it; absent or null: any project with the key.',
    example: 'project-two',
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_PROJECT_ID_LENGTH)
  target_project_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_DESCRIPTION_LENGTH,
    example: 'For project two',
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}

/** PATCH: only the description changes. */
export class UpdateTransferRequestDto {
  @ApiProperty({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH, example: 'Updated' })
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description!: string | null;
}

export class TransferAcceptDto {
  @ApiProperty({
    type: String,
    maxLength: 160,
    description: "The request's key.",
    example: 'ABCDEFGH12345678',
  })
  @IsString({ message: "'key' is a required property" })
  @MaxLength(160)
  key!: string;

  @ApiProperty({ type: String, format: 'uuid' })
  @IsString({ message: "'zone_transfer_request_id' is a required property" })
  zone_transfer_request_id!: string;
}
