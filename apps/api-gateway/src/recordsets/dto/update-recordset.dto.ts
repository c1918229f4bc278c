import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MAX_DESCRIPTION_LENGTH, MAX_TTL } from '../../zones/dto/zone-fields';

/** PUT: `records`, `ttl` (null: the zone's), `description`; `name` and `type` may be repeated unchanged. */
export class UpdateRecordSetDto {
  @ApiPropertyOptional({ type: String, description: 'Only unchanged.' })
  @ValidateIf((o: UpdateRecordSetDto) => o.name !== undefined)
  @IsString()
  name?: string;

  @ApiPropertyOptional({ type: String, description: 'Only unchanged.' })
  @ValidateIf((o: UpdateRecordSetDto) => o.type !== undefined)
  @IsString()
  type?: string;

  @ApiPropertyOptional({
    type: [String],
    minItems: 1,
    description: 'Replaces the records.',
    example: ['192.0.2.2'],
  })
  @ValidateIf((o: UpdateRecordSetDto) => o.records !== undefined)
  @IsArray({ message: 'records must be a list of records' })
  @ArrayMinSize(1, { message: 'records must hold at least one record' })
  @IsString({ each: true, message: 'each record must be a string' })
  records?: string[];

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_TTL,
    description: "Null: the zone's TTL.",
  })
  @ValidateIf((o: UpdateRecordSetDto) => o.ttl !== undefined && o.ttl !== null)
  @IsInt({ message: 'ttl must be an integer' })
  @Min(0)
  @Max(MAX_TTL)
  ttl?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH })
  @ValidateIf((o: UpdateRecordSetDto) => o.description !== undefined && o.description !== null)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}
