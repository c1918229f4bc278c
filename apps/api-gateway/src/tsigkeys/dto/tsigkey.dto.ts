import { ApiProperty, PartialType } from '@nestjs/swagger';
import { IsDefined, IsIn, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { TSIG_ALGORITHMS } from '@zonewarden/dns';
import { TSIGKEY_SCOPES, TsigKeyScope } from '@zonewarden/persistence';

const ALGORITHMS = Object.keys(TSIG_ALGORITHMS);
const MAX_LENGTH = 255;

/** Designate's TsigKey fields: every one required on create. */
export class CreateTsigKeyDto {
  @ApiProperty({ type: String, minLength: 1, maxLength: MAX_LENGTH, example: 'transfer-key' })
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_LENGTH)
  name!: string;

  @ApiProperty({ enum: ALGORITHMS, example: 'hmac-sha256' })
  @IsDefined({ message: "'algorithm' is a required property" })
  @IsIn(ALGORITHMS, { message: `algorithm must be one of ${ALGORITHMS.join(', ')}` })
  algorithm!: string;

  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: MAX_LENGTH,
    description: 'Base64, as in BIND `key` statements.',
    example: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ=',
  })
  @IsDefined({ message: "'secret' is a required property" })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_LENGTH)
  secret!: string;

  @ApiProperty({ enum: TSIGKEY_SCOPES, example: 'POOL' })
  @IsDefined({ message: "'scope' is a required property" })
  @IsIn(TSIGKEY_SCOPES, { message: 'scope must be POOL or ZONE' })
  scope!: TsigKeyScope;

  @ApiProperty({
    type: String,
    format: 'uuid',
    description: 'The pool (scope POOL) or zone (scope ZONE).',
    example: '794ccc2c-d751-44fe-b57f-8894c9f5c842',
  })
  @IsDefined({ message: "'resource_id' is a required property" })
  @IsUUID('all', { message: 'resource_id must be a UUID' })
  resource_id!: string;
}

/** PATCH: any of the fields. */
export class UpdateTsigKeyDto extends PartialType(CreateTsigKeyDto) {}
