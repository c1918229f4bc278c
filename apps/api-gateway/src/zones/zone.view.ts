import { ZoneRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';

export function zoneUrl(base: string, zoneId: string): string {
  return `${base}/v2/zones/${zoneId}`;
}

/** The v2 zone representation (Designate's field set). */
export function renderZone(zone: ZoneRecord, base: string) {
  return {
    id: zone.id,
    pool_id: zone.poolId,
    project_id: zone.projectId,
    name: zone.name,
    email: zone.email,
    description: zone.description,
    ttl: zone.ttl,
    serial: zone.serial,
    status: zone.status,
    action: zone.action,
    version: zone.version,
    attributes: zone.attributes,
    type: zone.type,
    masters: zone.masters,
    shared: zone.shared,
    created_at: formatTimestamp(zone.createdAt),
    updated_at: formatTimestamp(zone.updatedAt),
    transferred_at: formatTimestamp(zone.transferredAt),
    links: { self: zoneUrl(base, zone.id) },
  };
}
