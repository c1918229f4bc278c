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
import { MAX_DESCRIPTION_LENGTH, MAX_TTL } from './zone-fields';

export class CreateZoneDto {
  @ApiProperty()
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @IsZoneName()
  name!: string;

  @ApiProperty()
  @IsDefined({ message: "'email' is a required property" })
  @IsString()
  @MaxLength(255)
  @IsEmailAddress()
  email!: string;

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
  @IsIn(['PRIMARY'], { message: 'type must be PRIMARY (secondary zones are not supported yet)' })
  type?: 'PRIMARY';

  @ApiPropertyOptional()
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(0, { message: "'masters' has more items than allowed" })
  masters?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsStringMap()
  attributes?: Record<string, string>;
}
