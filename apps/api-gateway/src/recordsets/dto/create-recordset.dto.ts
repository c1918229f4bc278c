import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { MAX_DESCRIPTION_LENGTH, MAX_TTL } from '../../zones/dto/zone-fields';

export class CreateRecordSetDto {
  @ApiProperty()
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @MaxLength(255)
  name!: string;

  @ApiProperty()
  @IsDefined({ message: "'type' is a required property" })
  @IsString()
  @MaxLength(16)
  type!: string;

  @ApiProperty()
  @IsDefined({ message: "'records' is a required property" })
  @IsArray({ message: 'records must be a list of records' })
  @ArrayMinSize(1, { message: 'records must hold at least one record' })
  @IsString({ each: true, message: 'each record must be a string' })
  records!: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'ttl must be an integer' })
  @Min(0)
  @Max(MAX_TTL)
  ttl?: number | null;

  @ApiPropertyOptional()
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}
