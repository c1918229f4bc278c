import { ImportRequestedV1, parsePayload } from '@zonewarden/contracts';

/** zone-worker's reading of zone.import.requested. */
export function parseImportRequest(data: unknown): ImportRequestedV1 {
  return parsePayload(ImportRequestedV1, data);
}
