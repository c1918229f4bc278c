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
  @ApiProperty({
    type: String,
    maxLength: 255,
    description: 'Absolute (with its final dot), at least two labels; stored in lower case.',
    example: 'example.com.',
  })
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @IsZoneName()
  name!: string;

  /** Required of a PRIMARY zone; a SECONDARY zone takes none (the domain refuses it). */
  @ApiPropertyOptional({
    type: String,
    maxLength: 255,
    description: 'Required of a PRIMARY zone; refused for a SECONDARY one.',
    example: 'hostmaster@example.com',
  })
  @ValidateIf((dto: CreateZoneDto) => dto.type !== 'SECONDARY' || dto.email !== undefined)
  @IsDefined({ message: "'email' is a required property" })
  @IsString()
  @MaxLength(255)
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_TTL,
    description: 'Default 3600; refused for a SECONDARY zone.',
    example: 3600,
  })
  @IsOptional()
  @IsInt({ message: 'ttl must be an integer' })
  @Min(0)
  @Max(MAX_TTL)
  ttl?: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_DESCRIPTION_LENGTH,
    example: 'The example zone',
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;

  @ApiPropertyOptional({ enum: ['PRIMARY', 'SECONDARY'], description: 'Default PRIMARY.' })
  @IsOptional()
  @IsIn(['PRIMARY', 'SECONDARY'], { message: 'type must be PRIMARY or SECONDARY' })
  type?: 'PRIMARY' | 'SECONDARY';

  /** A SECONDARY zone's masters, `host` or `host:port` (the domain checks them against the type). */
  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_MASTERS,
    description:
      'Required of a SECONDARY zone (`host`, `host:port` or `[IPv6]:port`); refused for a PRIMARY one.',
    example: ['192.0.2.1'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_MASTERS, { message: "'masters' has more items than allowed" })
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  masters?: string[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { tier: 'gold' },
  })
  @IsOptional()
  @IsStringMap()
  attributes?: Record<string, string>;
}
