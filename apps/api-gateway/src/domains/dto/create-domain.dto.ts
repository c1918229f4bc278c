import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsEmailAddress, IsZoneName } from '../../common/validation/dns-validators';
import { MAX_DESCRIPTION_LENGTH, MAX_TTL } from '../../zones/dto/zone-fields';

/** The legacy schema (designate/resources/schemas/v1/domain.json): name, email, ttl ≥ 1, description. */
export class CreateDomainDto {
  @ApiProperty()
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @IsZoneName()
  name!: string;

  @ApiProperty()
  @IsDefined({ message: "'email' is a required property" })
  @IsString()
  @MaxLength(255)
  @IsEmailAddress()
  email!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'ttl must be an integer' })
  @Min(1)
  @Max(MAX_TTL)
  ttl?: number;

  @ApiPropertyOptional()
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}
