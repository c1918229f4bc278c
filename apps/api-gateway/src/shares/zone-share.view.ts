import { ZoneShareRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import { zoneUrl } from '../zones/zone.view';

/** Designate's shared zone representation. */
export function renderZoneShare(share: ZoneShareRecord, base: string) {
  return {
    id: share.id,
    zone_id: share.zoneId,
    project_id: share.projectId,
    target_project_id: share.targetProjectId,
    created_at: formatTimestamp(share.createdAt),
    updated_at: formatTimestamp(share.updatedAt),
    links: {
      self: `${zoneUrl(base, share.zoneId)}/shares/${share.id}`,
      zone: zoneUrl(base, share.zoneId),
    },
  };
}
