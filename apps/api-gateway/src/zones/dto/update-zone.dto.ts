import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsEmailAddress } from '../../common/validation/dns-validators';
import { MAX_DESCRIPTION_LENGTH, MAX_TTL } from './zone-fields';

/** PATCH: the writable fields. `name` and `type` are immutable; anything else is refused. */
export class UpdateZoneDto {
  @ApiPropertyOptional({ type: String, maxLength: 255, example: 'dns-admin@example.com' })
  @ValidateIf((o: UpdateZoneDto) => o.email !== undefined)
  @IsString()
  @MaxLength(255)
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_TTL, example: 7200 })
  @ValidateIf((o: UpdateZoneDto) => o.ttl !== undefined)
  @IsInt({ message: 'ttl must be an integer' })
  @Min(0)
  @Max(MAX_TTL)
  ttl?: number;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH })
  @ValidateIf((o: UpdateZoneDto) => o.description !== undefined && o.description !== null)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}
