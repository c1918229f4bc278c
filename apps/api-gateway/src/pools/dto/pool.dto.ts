import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { checkZoneName } from '@zonewarden/dns';
import { IsStringMap } from '../../common/validation/dns-validators';
import { MAX_DESCRIPTION_LENGTH } from '../../zones/dto/zone-fields';

/** A project id's length at most (Keystone's are 32 hex characters; other identity services' longer). */
const MAX_PROJECT_ID_LENGTH = 255;
/** Designate's Pool.name maxLength. */
const MAX_POOL_NAME_LENGTH = 50;
/** ns_records a pool may list (ours: Designate sets none; each is an apex NS record of every zone). */
const MAX_NS_RECORDS = 100;
/** Designate's PoolNsRecord.priority bounds. */
const PRIORITY = { min: 1, max: 10000 };

class PoolNsRecordBody {
  @ApiProperty({ type: String, example: 'ns1.example.org.' })
  hostname!: string;

  @ApiProperty({ type: 'integer', minimum: PRIORITY.min, maximum: PRIORITY.max, example: 1 })
  priority!: number;
}

function isNsRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { hostname, priority, ...rest } = value as Record<string, unknown>;
  return (
    Object.keys(rest).length === 0 &&
    typeof hostname === 'string' &&
    checkZoneName(hostname) === null &&
    Number.isInteger(priority) &&
    (priority as number) >= PRIORITY.min &&
    (priority as number) <= PRIORITY.max
  );
}

/** Designate's PoolNsRecord list: `{hostname, priority}` each, hostname a domain name with its final dot. */
function IsPoolNsRecords(): PropertyDecorator {
  return ValidateBy({
    name: 'isPoolNsRecords',
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) && value.length <= MAX_NS_RECORDS && value.every(isNsRecord),
      defaultMessage: () =>
        `ns_records must be a list of at most ${MAX_NS_RECORDS} {hostname, priority}: a domain name and an integer from ${PRIORITY.min} to ${PRIORITY.max}`,
    },
  });
}

/** The fields a pool's create and update share (its name's requirement differs). */
class PoolFields {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION_LENGTH })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;

  /** Designate's pool project_id. */
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_PROJECT_ID_LENGTH })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(MAX_PROJECT_ID_LENGTH)
  project_id?: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @IsOptional()
  @IsStringMap()
  attributes?: Record<string, string>;

  @ApiPropertyOptional({ type: [PoolNsRecordBody], maxItems: MAX_NS_RECORDS })
  @IsOptional()
  @IsPoolNsRecords()
  ns_records?: PoolNsRecordBody[];
}

/** POST /v2/pools (Designate's deprecated pool creation): a name, the rest optional. */
export class CreatePoolDto extends PoolFields {
  @ApiProperty({ type: String, maxLength: MAX_POOL_NAME_LENGTH, example: 'secondary' })
  @IsDefined({ message: "'name' is a required property" })
  @IsString()
  @MaxLength(MAX_POOL_NAME_LENGTH)
  name!: string;
}

/** PATCH /v2/pools/{id}: any of the fields; `ns_records` replaces the list. */
export class UpdatePoolDto extends PoolFields {
  @ApiPropertyOptional({ type: String, maxLength: MAX_POOL_NAME_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_POOL_NAME_LENGTH)
  name?: string;
}
