import { ZONE_EVENT_PAYLOADS, ZoneEventPattern, ZoneEventV1, parsePayload } from '@zonewarden/contracts';

/** pool-manager's reading of a zone event it consumes: strictly its pattern's payload class. */
export function parseZoneEvent(pattern: ZoneEventPattern, data: unknown): ZoneEventV1 {
  return parsePayload(ZONE_EVENT_PAYLOADS[pattern] as new () => ZoneEventV1, data);
}
