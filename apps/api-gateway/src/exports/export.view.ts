import { ExportRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';

const SCHEME = 'zonewarden://';

export function renderExport(record: ExportRecord, base: string) {
  const links: { self: string; export?: string } = { self: `${base}/v2/zones/tasks/exports/${record.id}` };
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
