import { IsString } from 'class-validator';
import { MessageEnvelope, ZONE_EVENTS, parsePayload } from '@zonewarden/contracts';

/** The events mini-dns' subscriber handles: every zone event drops the zone's cached copy. */
export const ZONE_CACHE_EVENTS = Object.values(ZONE_EVENTS);

/**
 * The part of a zone event mini-dns reads: the zone's name. Tolerant on purpose (other keys and
 * versions pass): the cache only drops its copy and reads storage again, so any zone event will do.
 */
export class ZoneCacheEventV1 {
  @IsString()
  zoneName!: string;
}

export interface ZoneCacheChange {
  zoneName: string;
  /** Whether the zone is served after this change (created, updated), or gone (deleted, purged). */
  served: boolean;
}

/** mini-dns' reading of a zone event; throws ContractViolationError when it lacks a zone name. */
export function parseZoneCacheEvent(envelope: MessageEnvelope): ZoneCacheChange {
  const { zoneName } = parsePayload(ZoneCacheEventV1, envelope.data, { ignoreUnknownKeys: true });
  const served = envelope.pattern === ZONE_EVENTS.created || envelope.pattern === ZONE_EVENTS.updated;
  return { zoneName, served };
}
