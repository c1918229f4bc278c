import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CHANGE_SOURCES } from '@zonewarden/persistence';
import { ZoneChangeEntry } from '@zonewarden/domain';
import { formatTimestamp } from '../common/http/timestamps';
import {
  Field,
  IdField,
  IntegerField,
  ObjectField,
  TextField,
  TimestampField,
  ZoneLinks,
} from '../openapi/api-schemas';
import { zoneUrl } from '../zones/zone.view';

@ApiSchema({ name: 'ChangeActor' })
export class ChangeActorView {
  @TextField({ nullable: true, description: "The user's id (null: a TSIG key or the service itself)." })
  user_id!: string | null;
  @TextField({ nullable: true, description: 'The project that made the change.' }) project_id!: string | null;
  @Field({ type: [String], example: ['member'] }) roles!: string[];
  @TextField({ nullable: true, description: 'The API request (X-Openstack-Request-Id).' }) request_id!:
    string | null;
  @TextField({ nullable: true, description: 'The TSIG key of a dynamic update (RFC 2136).' })
  key_name!: string | null;
}

@ApiSchema({ name: 'RRsetState' })
export class RRsetStateView {
  @IntegerField({ nullable: true, description: "Null: the zone's TTL." }) ttl!: number | null;
  @Field({ type: [String], example: ['192.0.2.1'] }) records!: string[];
}

@ApiSchema({ name: 'RRsetChange' })
export class RRsetChangeView {
  @TextField({ example: 'www.example.com.' }) name!: string;
  @TextField({ example: 'A' }) type!: string;
  @Field({ type: RRsetStateView, nullable: true, description: 'Null: the record set did not exist.' })
  before!: RRsetStateView | null;
  @Field({ type: RRsetStateView, nullable: true, description: 'Null: the record set was deleted.' })
  after!: RRsetStateView | null;
}

@ApiSchema({ name: 'ZoneFieldsChange' })
export class ZoneFieldsChangeView {
  @ObjectField("The zone's fields the change set, as they were.") before!: Record<string, unknown>;
  @ObjectField('The same fields after the change.') after!: Record<string, unknown>;
}

@ApiSchema({ name: 'ZoneChange' })
export class ZoneChangeView {
  @IdField() id!: string;
  @IdField() zone_id!: string;
  @IntegerField({ nullable: true, description: 'The serial before the change (null: it made the zone).' })
  previous_serial!: number | null;
  @IntegerField({ example: 1790000001 }) serial!: number;
  @TimestampField() created_at!: string;
  @ApiProperty({ enum: CHANGE_SOURCES, description: 'What made the change.' }) source!: string;
  @Field({ type: ChangeActorView }) actor!: ChangeActorView;
  @TextField({ nullable: true }) comment!: string | null;
  @ApiProperty({
    enum: ['PENDING', 'ACTIVE'],
    description: "ACTIVE once every nameserver serves the change's serial.",
  })
  status!: 'PENDING' | 'ACTIVE';
  @Field({ type: [RRsetChangeView], description: 'Each record set the change touched, before and after.' })
  rrsets!: RRsetChangeView[];
  @Field({
    type: ZoneFieldsChangeView,
    nullable: true,
    description: "A PATCH's fields (email, ttl, description).",
  })
  fields!: ZoneFieldsChangeView | null;
  @Field({ type: ZoneLinks }) links!: ZoneLinks;
}

export const changeUrl = (base: string, zoneId: string, id: string) =>
  `${zoneUrl(base, zoneId)}/changes/${id}`;

/** A change of the zone's history (Zonewarden's extension of Designate's API). */
export function renderZoneChange(entry: ZoneChangeEntry, base: string): ZoneChangeView {
  return {
    id: entry.id,
    zone_id: entry.zoneId,
    previous_serial: entry.previousSerial,
    serial: entry.serial,
    created_at: formatTimestamp(entry.createdAt),
    source: entry.source,
    actor: entry.actor,
    comment: entry.comment,
    status: entry.status,
    rrsets: entry.rrsets,
    fields: entry.fields,
    links: { self: changeUrl(base, entry.zoneId, entry.id), zone: zoneUrl(base, entry.zoneId) },
  };
}
