import { ImportRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import { zoneUrl } from '../zones/zone.view';

/** Links: `self`; once complete, the zone as both `href` (the specification) and `zone` (Designate's code). */
export function renderImport(record: ImportRecord, base: string) {
  const links: { self: string; href?: string; zone?: string } = {
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
