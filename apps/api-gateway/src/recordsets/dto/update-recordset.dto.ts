import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsInt, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MAX_DESCRIPTION_LENGTH, MAX_TTL } from '../../zones/dto/zone-fields';

/** PUT: `records`, `ttl` (null: the zone's), `description`; `name` and `type` may be repeated unchanged. */
export class UpdateRecordSetDto {
  @ApiPropertyOptional()
  @ValidateIf((o: UpdateRecordSetDto) => o.name !== undefined)
  @IsString()
  name?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: UpdateRecordSetDto) => o.type !== undefined)
  @IsString()
  type?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: UpdateRecordSetDto) => o.records !== undefined)
  @IsArray({ message: 'records must be a list of records' })
  @ArrayMinSize(1, { message: 'records must hold at least one record' })
  @IsString({ each: true, message: 'each record must be a string' })
  records?: string[];

  @ApiPropertyOptional()
  @ValidateIf((o: UpdateRecordSetDto) => o.ttl !== undefined && o.ttl !== null)
  @IsInt({ message: 'ttl must be an integer' })
  @Min(0)
  @Max(MAX_TTL)
  ttl?: number | null;

  @ApiPropertyOptional()
  @ValidateIf((o: UpdateRecordSetDto) => o.description !== undefined && o.description !== null)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}
