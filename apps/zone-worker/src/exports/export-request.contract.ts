import { ExportRequestedV1, parsePayload } from '@zonewarden/contracts';

/** zone-worker's reading of zone.export.requested. */
export function parseExportRequest(data: unknown): ExportRequestedV1 {
  return parsePayload(ExportRequestedV1, data);
}
