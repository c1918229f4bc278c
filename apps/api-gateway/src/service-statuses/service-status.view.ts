import { ApiSchema } from '@nestjs/swagger';
import { SERVICE_STATUSES, ServiceStatusRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import { Field, IdField, ObjectField, SelfLink, TextField, TimestampField } from '../openapi/api-schemas';

@ApiSchema({ name: 'ServiceStatus' })
export class ServiceStatusView {
  @IdField() id!: string;
  @TextField() hostname!: string;
  @TextField({ example: 'central' }) service_name!: string;
  @Field({ enum: SERVICE_STATUSES, description: 'DOWN once three heartbeats were missed.' }) status!: string;
  @ObjectField() stats!: Record<string, unknown>;
  @ObjectField('`{"application": …}`.') capabilities!: Record<string, unknown>;
  @TimestampField() heartbeated_at!: string;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: SelfLink }) links!: SelfLink;
}

/** Designate's ServiceStatusAPIv2Adapter: every field, and `links.self` under /v2/service_statuses. */
export function renderServiceStatus(record: ServiceStatusRecord, base: string): ServiceStatusView {
  return {
    id: record.id,
    hostname: record.hostname,
    service_name: record.serviceName,
    status: record.status,
    stats: record.stats,
    capabilities: record.capabilities,
    heartbeated_at: formatTimestamp(record.heartbeatedAt),
    created_at: formatTimestamp(record.createdAt),
    updated_at: formatTimestamp(record.updatedAt),
    links: { self: `${base}/v2/service_statuses/${record.id}` },
  };
}
