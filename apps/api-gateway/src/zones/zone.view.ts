import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ZONE_STATUSES, ZONE_TYPES, ZoneRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import {
  Field,
  IdField,
  IntegerField,
  SelfLink,
  StringMapField,
  TextField,
  TimestampField,
} from '../openapi/api-schemas';

export const ZONE_ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'NONE'];

/** The v2 zone representation (Designate's field set), as the OpenAPI document describes it. */
@ApiSchema({ name: 'Zone' })
export class ZoneView {
  @IdField() id!: string;
  @IdField('The pool serving the zone.') pool_id!: string;
  @TextField({ example: 'project-one' }) project_id!: string;
  @TextField({
    description:
      'Absolute, with its final dot, in the letter case it was given (names compare without regard to case).',
    example: 'example.com.',
  })
  name!: string;
  @TextField({ example: 'hostmaster@example.com' }) email!: string;
  @TextField({ nullable: true }) description!: string | null;
  @IntegerField({ example: 3600 }) ttl!: number;
  @IntegerField({ description: 'The SOA serial (unix seconds when it changes).', example: 1767323045 })
  serial!: number;
  @Field({
    enum: ZONE_STATUSES,
    description:
      'With `DESIGNATE_STATUS_CODES=true` a zone whose create or update has not propagated is `PENDING`; by default `ACTIVE` with its `action`.',
  })
  status!: string;
  @Field({ enum: ZONE_ACTIONS }) action!: string;
  @IntegerField({ description: 'Bumped by every change.' }) version!: number;
  @StringMapField() attributes!: Record<string, string>;
  @Field({ enum: ZONE_TYPES }) type!: string;
  @ApiProperty({ type: [String], description: "A SECONDARY zone's masters (`host` or `host:port`)." })
  masters!: string[];
  @ApiProperty({ type: Boolean, description: 'Whether the zone is shared with another project.' })
  shared!: boolean;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @TimestampField({ nullable: true, description: "A SECONDARY zone's last transfer." })
  transferred_at!: string | null;
  @Field({ type: SelfLink }) links!: SelfLink;
}

export function zoneUrl(base: string, zoneId: string): string {
  return `${base}/v2/zones/${zoneId}`;
}

/**
 * A zone whose create or update has not propagated yet is stored `ACTIVE` with its pending action (the
 * seed's specification); Designate shows it `PENDING` until then, which `designateStatus` asks for.
 */
function statusOf(zone: ZoneRecord, designateStatus: boolean): string {
  const propagating = zone.action === 'CREATE' || zone.action === 'UPDATE';
  return designateStatus && propagating && zone.status === 'ACTIVE' ? 'PENDING' : zone.status;
}

/** The v2 zone representation (Designate's field set). */
export function renderZone(zone: ZoneRecord, base: string, designateStatus = false): ZoneView {
  return {
    id: zone.id,
    pool_id: zone.poolId,
    project_id: zone.projectId,
    name: zone.writtenName,
    email: zone.email,
    description: zone.description,
    ttl: zone.ttl,
    serial: zone.serial,
    status: statusOf(zone, designateStatus),
    action: zone.action,
    version: zone.version,
    attributes: zone.attributes,
    type: zone.type,
    masters: zone.masters,
    shared: zone.shared,
    created_at: formatTimestamp(zone.createdAt),
    updated_at: formatTimestamp(zone.updatedAt),
    transferred_at: formatTimestamp(zone.transferredAt),
    links: { self: zoneUrl(base, zone.id) },
  };
}
