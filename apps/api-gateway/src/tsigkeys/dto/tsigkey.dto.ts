import { ApiProperty, PartialType } from '@nestjs/swagger';
import { IsDefined, IsIn, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { TSIG_ALGORITHMS } from '@zonewarden/dns';
import { TSIGKEY_SCOPES, TsigKeyScope } from '@zonewarden/persistence';

const ALGORITHMS = Object.keys(TSIG_ALGORITHMS);
const MAX_LENGTH = 255;

/** Designate's TsigKey fields: every one required on create. */
export class CreateTsigKeyDto {
  @ApiProperty()
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_LENGTH)
  name!: string;

  @ApiProperty({ enum: ALGORITHMS })
  @IsDefined({ message: "'algorithm' is a required property" })
  @IsIn(ALGORITHMS, { message: `algorithm must be one of ${ALGORITHMS.join(', ')}` })
  algorithm!: string;

  @ApiProperty()
  @IsDefined({ message: "'secret' is a required property" })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_LENGTH)
  secret!: string;

  @ApiProperty({ enum: TSIGKEY_SCOPES })
  @IsDefined({ message: "'scope' is a required property" })
  @IsIn(TSIGKEY_SCOPES, { message: 'scope must be POOL or ZONE' })
  scope!: TsigKeyScope;

  @ApiProperty()
  @IsDefined({ message: "'resource_id' is a required property" })
  @IsUUID('all', { message: 'resource_id must be a UUID' })
  resource_id!: string;
}

/** PATCH: any of the fields. */
export class UpdateTsigKeyDto extends PartialType(CreateTsigKeyDto) {}
