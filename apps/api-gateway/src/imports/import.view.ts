import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ImportRecord, TASK_STATUSES } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import {
  Field,
  IdField,
  IntegerField,
  NullableIdField,
  TextField,
  TimestampField,
} from '../openapi/api-schemas';
import { zoneUrl } from '../zones/zone.view';

const url = (description: string) => ({ type: String, format: 'uri', description });

@ApiSchema({ name: 'ImportLinks' })
export class ImportLinks {
  @ApiProperty(url("This import's URL.")) self!: string;
  @ApiPropertyOptional(url("Once COMPLETE: the zone's URL (the specification's name).")) href?: string;
  @ApiPropertyOptional(url("Once COMPLETE: the zone's URL (Designate's name).")) zone?: string;
}

/** A zone import (Designate's ZoneImport), as the OpenAPI document describes it. */
@ApiSchema({ name: 'ZoneImport' })
export class ImportView {
  @IdField() id!: string;
  @Field({ enum: TASK_STATUSES, description: 'PENDING, then COMPLETE or ERROR.' }) status!: string;
  @TextField({ nullable: true, description: 'Once done: `<zone> imported`, or why it failed.' })
  message!: string | null;
  @NullableIdField('The zone created, once COMPLETE.') zone_id!: string | null;
  @TextField() project_id!: string;
  @IntegerField() version!: number;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: ImportLinks }) links!: ImportLinks;
}

/** Links: `self`; once complete, the zone as both `href` (the specification) and `zone` (Designate's code). */
export function renderImport(record: ImportRecord, base: string): ImportView {
  const links: ImportLinks = {
    self: `${base}/v2/zones/tasks/imports/${record.id}`,
  };
  if (record.zoneId) links.href = links.zone = zoneUrl(base, record.zoneId);
  return {
    id: record.id,
    status: record.status,
    message: record.message,
    zone_id: record.zoneId,
    project_id: record.projectId,
    version: record.version,
    created_at: formatTimestamp(record.createdAt),
    updated_at: formatTimestamp(record.updatedAt),
    links,
  };
}
