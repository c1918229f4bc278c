import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsZoneName } from '../../common/validation/dns-validators';
import { MAX_DESCRIPTION_LENGTH, MAX_TTL } from '../../zones/dto/zone-fields';

const present = (value: unknown) => value !== undefined && value !== null;

/** PATCH /v2/reverse/floatingips/{region}:{id}: Designate's writable PTR fields (null unsets). */
export class SetPtrDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, example: 'host.example.com.' })
  @ValidateIf((o: SetPtrDto) => present(o.ptrdname))
  @IsString()
  @MaxLength(255)
  @IsZoneName()
  ptrdname?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH })
  @ValidateIf((o: SetPtrDto) => present(o.description))
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: MAX_TTL })
  @ValidateIf((o: SetPtrDto) => present(o.ttl))
  @IsInt({ message: 'ttl must be an integer' })
  @Min(1)
  @Max(MAX_TTL)
  ttl?: number | null;
}
