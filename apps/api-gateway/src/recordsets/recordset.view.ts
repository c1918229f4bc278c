import { RecordSetRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';

export function recordSetUrl(base: string, zoneId: string, id: string): string {
  return `${base}/v2/zones/${zoneId}/recordsets/${id}`;
}

/** The v2 record set representation (Designate's field set). */
export function renderRecordSet(recordSet: RecordSetRecord, base: string) {
  return {
    id: recordSet.id,
    zone_id: recordSet.zoneId,
    project_id: recordSet.projectId,
    name: recordSet.name,
    zone_name: recordSet.zoneName,
    type: recordSet.type,
    records: recordSet.records,
    description: recordSet.description,
    ttl: recordSet.ttl,
    status: recordSet.status,
    action: recordSet.action,
    version: recordSet.version,
    created_at: formatTimestamp(recordSet.createdAt),
    updated_at: formatTimestamp(recordSet.updatedAt),
    links: { self: recordSetUrl(base, recordSet.zoneId, recordSet.id) },
  };
}
