import { IsString } from 'class-validator';
import { MessageEnvelope, ZONE_EVENTS, parsePayload } from '@zonewarden/contracts';

/** The events mini-dns' subscriber handles: every zone event has it catch up with storage. */
export const ZONE_CACHE_EVENTS = Object.values(ZONE_EVENTS);

/**
 * The part of a zone event mini-dns reads: the zone's name. Tolerant on purpose (other keys and
 * versions pass): mini-dns only reads storage's change log on it, so any zone event will do.
 */
export class ZoneCacheEventV1 {
  @IsString()
  zoneName!: string;
}

/** mini-dns' reading of a zone event: the zone's name; throws ContractViolationError when it lacks one. */
export function parseZoneCacheEvent(envelope: MessageEnvelope): string {
  return parsePayload(ZoneCacheEventV1, envelope.data, { ignoreUnknownKeys: true }).zoneName;
}
