import { ZONE_EVENTS, ZONE_EVENT_VERSION, ZoneEventPattern, ZoneEventV1 } from '@zonewarden/contracts';
import { OutboxEntry, ZoneRecord } from '@zonewarden/persistence';

/** What a zone event tells of its zone: known before the zone is inserted. */
export type ZoneEventSubject = Pick<ZoneRecord, 'id' | 'name' | 'projectId' | 'poolId' | 'serial'>;

export function zoneEvent(zone: ZoneEventSubject, action: ZoneEventV1['action']): ZoneEventV1 {
  return {
    version: ZONE_EVENT_VERSION,
    zoneId: zone.id,
    zoneName: zone.name,
    projectId: zone.projectId,
    poolId: zone.poolId,
    serial: zone.serial,
    action,
  };
}

const announce =
  (pattern: ZoneEventPattern, action: ZoneEventV1['action']) =>
  (zone: ZoneEventSubject, requestId?: string): OutboxEntry => ({
    pattern,
    payload: zoneEvent(zone, action),
    requestId,
  });

/** A zone came to be (the API's create, an import, a SECONDARY zone's first transfer). */
export const zoneCreated = announce(ZONE_EVENTS.created, 'CREATE');
/** A zone's content or fields changed: its serial grew. */
export const zoneUpdated = announce(ZONE_EVENTS.updated, 'UPDATE');
/** A zone's delete started: the targets drop it. */
export const zoneDeleted = announce(ZONE_EVENTS.deleted, 'DELETE');
/** A deleted zone left every target and storage. */
export const zonePurged = announce(ZONE_EVENTS.purged, 'PURGE');
