import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { BATCH_ACTIONS, BatchAction, MAX_BATCH_ACTIONS } from '@zonewarden/domain';
import { MAX_TTL } from '../../zones/dto/zone-fields';

export const MAX_COMMENT_LENGTH = 255;

/** One action of a batch (its record set rules are the domain's). */
export class BatchActionDto {
  @ApiProperty({
    enum: BATCH_ACTIONS,
    description: 'CREATE what is absent, DELETE what is present, UPSERT either.',
  })
  @IsDefined({ message: "'action' is a required property" })
  @IsIn(BATCH_ACTIONS, { message: `action must be one of ${BATCH_ACTIONS.join(', ')}` })
  action!: BatchAction;

  @ApiProperty({ type: String, maxLength: 255, example: 'www.example.com.' })
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ type: String, example: 'A' })
  @IsDefined({ message: "'type' is a required property" })
  @IsString()
  @MaxLength(16)
  type!: string;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: MAX_TTL,
    description: "CREATE, UPSERT: null or absent for the zone's TTL. DELETE: when given, the record set's.",
  })
  @IsOptional()
  @IsInt({ message: 'ttl must be an integer' })
  @Min(0)
  @Max(MAX_TTL)
  ttl?: number | null;

  @ApiPropertyOptional({
    type: [String],
    description: 'CREATE, UPSERT: the records (at least one). DELETE: when given, exactly the record set’s.',
    example: ['192.0.2.1'],
  })
  @ValidateIf((dto: BatchActionDto) => dto.records !== undefined)
  @IsArray({ message: 'records must be a list of records' })
  @IsString({ each: true, message: 'each record must be a string' })
  records?: string[];
}

/** `POST /v2/zones/{zone_id}/changes`. */
export class BatchDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_COMMENT_LENGTH, example: 'Move www' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_COMMENT_LENGTH)
  comment?: string | null;

  @ApiProperty({ type: [BatchActionDto], minItems: 1, maxItems: MAX_BATCH_ACTIONS })
  @IsDefined({ message: "'changes' is a required property" })
  @IsArray({ message: 'changes must be a list of actions' })
  @ArrayMaxSize(MAX_BATCH_ACTIONS, { message: `a batch takes at most ${MAX_BATCH_ACTIONS} changes` })
  @IsObject({ each: true, message: 'each change must be an object' })
  changes!: object[];
}
