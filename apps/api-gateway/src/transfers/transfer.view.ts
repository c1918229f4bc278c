import { RequestView } from '@zonewarden/domain';
import { TransferAcceptRecord, TransferRequestRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import { zoneUrl } from '../zones/zone.view';

/**
 * The owner sees every field, the key included; the target project every field but the key; any other
 * project only `id, zone_id, zone_name, description, status, links`.
 */
export function renderTransferRequest(request: TransferRequestRecord, base: string, view: RequestView) {
  const links = { self: `${base}/v2/zones/tasks/transfer_requests/${request.id}` };
  const reduced = {
    id: request.id,
    zone_id: request.zoneId,
    zone_name: request.zoneName,
    description: request.description,
    status: request.status,
    links,
  };
  if (view === 'other') return reduced;
  const full = {
    ...reduced,
    project_id: request.projectId,
    target_project_id: request.targetProjectId,
    created_at: formatTimestamp(request.createdAt),
    updated_at: formatTimestamp(request.updatedAt),
  };
  return view === 'owner' ? { ...full, key: request.key } : full;
}

export function renderTransferAccept(accept: TransferAcceptRecord, base: string) {
  return {
    id: accept.id,
    status: accept.status,
    zone_id: accept.zoneId,
    zone_transfer_request_id: accept.zoneTransferRequestId,
    project_id: accept.projectId,
    created_at: formatTimestamp(accept.createdAt),
    updated_at: formatTimestamp(accept.updatedAt),
    links: {
      self: `${base}/v2/zones/tasks/transfer_accepts/${accept.id}`,
      zone: zoneUrl(base, accept.zoneId),
    },
  };
}
