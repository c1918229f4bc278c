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
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @IsZoneName()
  name!: string;

  @IsDefined({ message: "'email' is a required property" })
  @IsString()
  @MaxLength(255)
  @IsEmailAddress()
  email!: string;

  @IsOptional()
  @IsInt({ message: 'ttl must be an integer' })
  @Min(0)
  @Max(MAX_TTL)
  ttl?: number;

  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;

  @IsOptional()
  @IsIn(['PRIMARY'], { message: 'type must be PRIMARY (secondary zones are not supported yet)' })
  type?: 'PRIMARY';

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(0, { message: "'masters' has more items than allowed" })
  masters?: string[];

  @IsOptional()
  @IsStringMap()
  attributes?: Record<string, string>;
}
