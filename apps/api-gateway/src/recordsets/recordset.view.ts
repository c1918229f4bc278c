import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { RecordSetRecord, ZONE_STATUSES } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import { Field, IdField, IntegerField, SelfLink, TextField, TimestampField } from '../openapi/api-schemas';
import { ZONE_ACTIONS } from '../zones/zone.view';

/** The v2 record set representation (Designate's field set), as the OpenAPI document describes it. */
@ApiSchema({ name: 'RecordSet' })
export class RecordSetView {
  @IdField() id!: string;
  @IdField() zone_id!: string;
  @TextField({
    description: "The project that created it (a shared zone holds other projects' record sets).",
  })
  project_id!: string;
  @TextField({ example: 'www.example.com.' }) name!: string;
  @TextField({ example: 'example.com.' }) zone_name!: string;
  @TextField({ example: 'A' }) type!: string;
  @ApiProperty({
    type: [String],
    description: 'The records, in canonical presentation format.',
    example: ['192.0.2.1'],
  })
  records!: string[];
  @TextField({ nullable: true }) description!: string | null;
  @IntegerField({ nullable: true, description: "Null: the zone's TTL." }) ttl!: number | null;
  @Field({ enum: ZONE_STATUSES }) status!: string;
  @Field({ enum: ZONE_ACTIONS }) action!: string;
  @IntegerField() version!: number;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: SelfLink }) links!: SelfLink;
}

export function recordSetUrl(base: string, zoneId: string, id: string): string {
  return `${base}/v2/zones/${zoneId}/recordsets/${id}`;
}

/** The v2 record set representation (Designate's field set). */
export function renderRecordSet(recordSet: RecordSetRecord, base: string): RecordSetView {
  return {
    id: recordSet.id,
    zone_id: recordSet.zoneId,
    project_id: recordSet.projectId,
    name: recordSet.name,
    zone_name: recordSet.zoneName,
    type: recordSet.type,
    records: recordSet.records,
    description: recordSet.description,
    ttl: recordSet.ttl,
    status: recordSet.status,
    action: recordSet.action,
    version: recordSet.version,
    created_at: formatTimestamp(recordSet.createdAt),
    updated_at: formatTimestamp(recordSet.updatedAt),
    links: { self: recordSetUrl(base, recordSet.zoneId, recordSet.id) },
  };
}
