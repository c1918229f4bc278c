import { ApiSchema } from '@nestjs/swagger';
import { ZoneShareRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import { Field, IdField, TextField, TimestampField, ZoneLinks } from '../openapi/api-schemas';
import { zoneUrl } from '../zones/zone.view';

@ApiSchema({ name: 'SharedZone' })
export class ZoneShareView {
  @IdField() id!: string;
  @IdField() zone_id!: string;
  @TextField({ description: "The zone's owner." }) project_id!: string;
  @TextField({ example: 'project-two' }) target_project_id!: string;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: ZoneLinks }) links!: ZoneLinks;
}

/** Designate's shared zone representation. */
export function renderZoneShare(share: ZoneShareRecord, base: string): ZoneShareView {
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
