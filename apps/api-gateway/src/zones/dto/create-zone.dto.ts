import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { IsEmailAddress, IsStringMap, IsZoneName } from '../../common/validation/dns-validators';
import { MAX_DESCRIPTION_LENGTH, MAX_MASTERS, MAX_TTL } from './zone-fields';

export class CreateZoneDto {
  @ApiProperty()
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @IsZoneName()
  name!: string;

  /** Required of a PRIMARY zone; a SECONDARY zone takes none (the domain refuses it). */
  @ApiPropertyOptional()
  @ValidateIf((dto: CreateZoneDto) => dto.type !== 'SECONDARY' || dto.email !== undefined)
  @IsDefined({ message: "'email' is a required property" })
  @IsString()
  @MaxLength(255)
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'ttl must be an integer' })
  @Min(0)
  @Max(MAX_TTL)
  ttl?: number;

  @ApiPropertyOptional()
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsIn(['PRIMARY', 'SECONDARY'], { message: 'type must be PRIMARY or SECONDARY' })
  type?: 'PRIMARY' | 'SECONDARY';

  /** A SECONDARY zone's masters, `host` or `host:port` (the domain checks them against the type). */
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_MASTERS, { message: "'masters' has more items than allowed" })
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  masters?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsStringMap()
  attributes?: Record<string, string>;
}
