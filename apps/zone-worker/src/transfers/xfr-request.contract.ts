import { XfrRequestedV1, parsePayload } from '@zonewarden/contracts';

/** zone-worker's reading of zone.xfr.requested. */
export function parseXfrRequest(data: unknown): XfrRequestedV1 {
  return parsePayload(XfrRequestedV1, data);
}
