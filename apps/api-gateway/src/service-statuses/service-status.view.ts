import { ServiceStatusRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';

/** Designate's ServiceStatusAPIv2Adapter: every field, and `links.self` under /v2/service_statuses. */
export function renderServiceStatus(record: ServiceStatusRecord, base: string) {
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
