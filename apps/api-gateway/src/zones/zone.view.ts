import { ZoneRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';

export function zoneUrl(base: string, zoneId: string): string {
  return `${base}/v2/zones/${zoneId}`;
}

/**
 * A zone whose create or update has not propagated yet is stored `ACTIVE` with its pending action (the
 * seed's specification); Designate shows it `PENDING` until then, which `designateStatus` asks for.
 */
function statusOf(zone: ZoneRecord, designateStatus: boolean): string {
  const propagating = zone.action === 'CREATE' || zone.action === 'UPDATE';
  return designateStatus && propagating && zone.status === 'ACTIVE' ? 'PENDING' : zone.status;
}

/** The v2 zone representation (Designate's field set). */
export function renderZone(zone: ZoneRecord, base: string, designateStatus = false) {
  return {
    id: zone.id,
    pool_id: zone.poolId,
    project_id: zone.projectId,
    name: zone.name,
    email: zone.email,
    description: zone.description,
    ttl: zone.ttl,
    serial: zone.serial,
    status: statusOf(zone, designateStatus),
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
