import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { GRANT_ALGORITHMS, GRANT_TYPES, MAX_GRANT_NAMES, MAX_SECRET_BYTES } from '@zonewarden/domain';
import { GRANT_MATCHES, GrantMatch } from '@zonewarden/persistence';
import { MAX_DESCRIPTION_LENGTH } from '../zones/dto/zone-fields';

const MAX_NAME_LENGTH = 255;

/** One name of a grant (its rules — in the zone, a valid name — are the domain's). */
export class GrantNameDto {
  @ApiProperty({
    enum: GRANT_MATCHES,
    description:
      '`name`: that name only; `subdomain`: the name and every name below it; `zone`: the whole zone.',
  })
  @IsDefined({ message: "'match' is a required property" })
  @IsIn(GRANT_MATCHES, { message: `match must be one of ${GRANT_MATCHES.join(', ')}` })
  match!: GrantMatch;

  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_NAME_LENGTH,
    description: "Absolute (final dot), in the zone; for `zone`, the zone's name or absent.",
    example: '_acme-challenge.example.com.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_NAME_LENGTH)
  name?: string;
}

/** What a grant allows, on create and update alike. */
class GrantScope {
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: GRANT_TYPES },
    description:
      'The record types the key may change; empty or absent: every type the API takes (SOA never).',
    example: ['TXT'],
  })
  @IsOptional()
  @IsArray({ message: 'types must be a list of record types' })
  @ArrayMaxSize(GRANT_TYPES.length, { message: `types lists at most ${GRANT_TYPES.length} types` })
  @IsString({ each: true, message: 'each type must be a string' })
  types?: string[];

  @ApiPropertyOptional({
    type: Boolean,
    description:
      'Whether the key may also transfer the zone (AXFR), as external-dns reads it. False when absent.',
  })
  @IsOptional()
  @IsBoolean({ message: 'allow_transfer must be a boolean' })
  allow_transfer?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;
}

const NAMES: ApiPropertyOptions = {
  type: [GrantNameDto],
  maxItems: MAX_GRANT_NAMES,
  description:
    'The owner names the key may change (none: it may only transfer the zone, with `allow_transfer`).',
};

/** `POST /v2/zones/{zone_id}/update_grants`. */
export class CreateUpdateGrantDto extends GrantScope {
  @ApiProperty({
    type: String,
    maxLength: MAX_NAME_LENGTH,
    description: "The TSIG key's name, a DNS name, unique in the zone; shown lower case and absolute.",
    example: 'acme-key.',
  })
  @IsDefined({ message: "'key_name' is a required property" })
  @IsString()
  @MaxLength(MAX_NAME_LENGTH)
  key_name!: string;

  @ApiPropertyOptional({
    enum: GRANT_ALGORITHMS,
    default: 'hmac-sha256',
    description: 'hmac-md5 is refused.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  algorithm?: string;

  @ApiPropertyOptional({
    type: String,
    description: `The key's secret, base64 of 16 to ${MAX_SECRET_BYTES} bytes (an existing key, such as tsig-keygen makes); absent: the service makes one as long as the hash's output. Never shown again after the creation's answer.`,
    example: 'mzDEq2Fd6Q4+9oVq7vU3kx0nGm9tXe1o2bQ6I8nR2Yc=',
  })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  secret?: string;

  @ApiProperty(NAMES)
  @IsDefined({ message: "'names' is a required property" })
  @IsArray({ message: 'names must be a list of names' })
  @ArrayMaxSize(MAX_GRANT_NAMES, { message: `names lists at most ${MAX_GRANT_NAMES} names` })
  @IsObject({ each: true, message: 'each name must be an object' })
  names!: object[];
}

/** `PATCH …/update_grants/{id}`: what the key may do; the key itself (name, algorithm, secret) stays. */
export class UpdateUpdateGrantDto extends GrantScope {
  @ApiPropertyOptional(NAMES)
  @IsOptional()
  @IsArray({ message: 'names must be a list of names' })
  @ArrayMaxSize(MAX_GRANT_NAMES, { message: `names lists at most ${MAX_GRANT_NAMES} names` })
  @IsObject({ each: true, message: 'each name must be an object' })
  names?: object[];
}
