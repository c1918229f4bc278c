import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ExportRecord, TASK_STATUSES } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import { Field, IdField, IntegerField, TextField, TimestampField } from '../openapi/api-schemas';

@ApiSchema({ name: 'ExportLinks' })
export class ExportLinks {
  @ApiProperty({ type: String, format: 'uri', description: "This export's URL." }) self!: string;
  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    description: 'Once COMPLETE: where to download the zonefile.',
  })
  export?: string;
}

/** A zone export (Designate's ZoneExport), as the OpenAPI document describes it. */
@ApiSchema({ name: 'ZoneExport' })
export class ExportView {
  @IdField() id!: string;
  @Field({ enum: TASK_STATUSES, description: 'PENDING, then COMPLETE or ERROR.' }) status!: string;
  @TextField({ nullable: true }) message!: string | null;
  @TextField({
    nullable: true,
    description: 'Once COMPLETE: `zonewarden://v2/zones/tasks/exports/{id}/export`.',
  })
  location!: string | null;
  @IdField() zone_id!: string;
  @TextField() project_id!: string;
  @IntegerField() version!: number;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: ExportLinks }) links!: ExportLinks;
}

const SCHEME = 'zonewarden://';

export function renderExport(record: ExportRecord, base: string): ExportView {
  const links: ExportLinks = { self: `${base}/v2/zones/tasks/exports/${record.id}` };
  if (record.status === 'COMPLETE' && record.location?.startsWith(SCHEME)) {
    links.export = `${base}/${record.location.slice(SCHEME.length)}`;
  }
  return {
    id: record.id,
    status: record.status,
    message: record.message,
    location: record.location,
    zone_id: record.zoneId,
    project_id: record.projectId,
    version: record.version,
    created_at: formatTimestamp(record.createdAt),
    updated_at: formatTimestamp(record.updatedAt),
    links,
  };
}
