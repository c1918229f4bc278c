import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsZoneName } from '../../common/validation/dns-validators';
import { MAX_DESCRIPTION_LENGTH, MAX_TTL } from '../../zones/dto/zone-fields';

const present = (value: unknown) => value !== undefined && value !== null;

/** PATCH /v2/reverse/floatingips/{region}:{id}: Designate's writable PTR fields (null unsets). */
export class SetPtrDto {
  @ApiPropertyOptional({ nullable: true })
  @ValidateIf((o: SetPtrDto) => present(o.ptrdname))
  @IsString()
  @MaxLength(255)
  @IsZoneName()
  ptrdname?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @ValidateIf((o: SetPtrDto) => present(o.description))
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @ValidateIf((o: SetPtrDto) => present(o.ttl))
  @IsInt({ message: 'ttl must be an integer' })
  @Min(1)
  @Max(MAX_TTL)
  ttl?: number | null;
}
