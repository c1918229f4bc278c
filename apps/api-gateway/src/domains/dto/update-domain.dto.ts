import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsEmailAddress, IsZoneName } from '../../common/validation/dns-validators';
import { MAX_DESCRIPTION_LENGTH, MAX_TTL } from '../../zones/dto/zone-fields';

/** PUT /domains/{id}: the same fields, all optional; `name` may be repeated but not changed. */
export class UpdateDomainDto {
  @ApiPropertyOptional({ type: String, description: 'Only unchanged.' })
  @ValidateIf((o: UpdateDomainDto) => o.name !== undefined)
  @IsString()
  @IsZoneName()
  name?: string;

  @ApiPropertyOptional({ type: String, maxLength: 255, example: 'dns-admin@example.com' })
  @ValidateIf((o: UpdateDomainDto) => o.email !== undefined)
  @IsString()
  @MaxLength(255)
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_TTL, example: 7200 })
  @ValidateIf((o: UpdateDomainDto) => o.ttl !== undefined)
  @IsInt({ message: 'ttl must be an integer' })
  @Min(1)
  @Max(MAX_TTL)
  ttl?: number;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH })
  @ValidateIf((o: UpdateDomainDto) => o.description !== undefined && o.description !== null)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}
