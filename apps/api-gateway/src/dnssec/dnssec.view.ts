import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { DnssecStatus, DsRecord } from '@zonewarden/domain';
import { DNSSEC_ALGORITHMS } from '@zonewarden/dns';
import { formatTimestamp } from '../common/http/timestamps';
import { Field, IdField, IntegerField, TextField, TimestampField, ZoneLinks } from '../openapi/api-schemas';
import { zoneUrl } from '../zones/zone.view';

@ApiSchema({ name: 'DsRecord', description: 'A DS record for the parent zone.' })
export class DsRecordView {
  @IntegerField() key_tag!: number;
  @IntegerField({ example: 13 }) algorithm!: number;
  @IntegerField({ description: '1 (SHA-1), 2 (SHA-256) or 4 (SHA-384).' }) digest_type!: number;
  @TextField() digest!: string;
  @TextField({ description: '`keytag algorithm digesttype DIGEST`, as the parent takes it.' }) rdata!: string;
}

@ApiSchema({ name: 'DnssecKey', description: "A zone key's public part." })
export class DnssecKeyView {
  @IdField() id!: string;
  @Field({ enum: ['KSK', 'ZSK'] }) key_type!: string;
  @Field({
    enum: ['PUBLISHED', 'ACTIVE', 'RETIRED'],
    description:
      'PUBLISHED: in DNSKEY, not signing yet; ACTIVE: signing; RETIRED: in DNSKEY, no longer signing.',
  })
  state!: string;
  @IntegerField() algorithm!: number;
  @IntegerField() key_tag!: number;
  @IntegerField({ description: '257 (KSK) or 256 (ZSK).' }) flags!: number;
  @TextField({ description: 'Base64.' }) public_key!: string;
  @TextField({ description: 'The DNSKEY rdata.' }) dnskey!: string;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) activate_at!: string | null;
  @TimestampField({ nullable: true }) activated_at!: string | null;
  @TimestampField({ nullable: true }) retired_at!: string | null;
  @TimestampField({ nullable: true }) remove_at!: string | null;
}

@ApiSchema({
  name: 'DnssecCds',
  description: 'What the zone publishes for parents that scan for it (RFC 7344).',
})
export class DnssecCdsView {
  @ApiProperty({ type: Boolean }) published!: boolean;
  @ApiProperty({ type: [String] }) cds!: string[];
  @ApiProperty({ type: [String] }) cdnskey!: string[];
}

/** A zone's DNSSEC (Zonewarden's resource; docs/dnssec.md). */
@ApiSchema({ name: 'Dnssec' })
export class DnssecView {
  @IdField() zone_id!: string;
  @TextField({ example: 'example.com.' }) zone_name!: string;
  @ApiProperty({ type: Boolean }) enabled!: boolean;
  @Field({ enum: ['ENABLED', 'DISABLED'] }) state!: string;
  @TextField({ nullable: true, description: 'ECDSAP256SHA256 or ED25519; null when off.' })
  algorithm!: string | null;
  @IntegerField({ nullable: true }) algorithm_number!: number | null;
  @Field({ type: [DnssecKeyView] }) keys!: DnssecKeyView[];
  @Field({ type: [DsRecordView] }) ds_records!: DsRecordView[];
  @Field({ type: DnssecCdsView }) cds!: DnssecCdsView;
  @TimestampField({ nullable: true }) created_at!: string | null;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: ZoneLinks }) links!: ZoneLinks;
}

@ApiSchema({ name: 'DnssecChange' })
export class DnssecChangeView extends DnssecView {
  @Field({
    type: [DsRecordView],
    description: 'Disabling: the DS records the parent must not hold any more.',
  })
  removed_ds_records!: DsRecordView[];
}

const ALGORITHM_NAMES = Object.fromEntries(Object.entries(DNSSEC_ALGORITHMS).map(([name, n]) => [n, name]));
const at = (date: Date | null) => (date ? formatTimestamp(date) : null);

export const renderDs = (ds: DsRecord): DsRecordView => ({
  key_tag: ds.keyTag,
  algorithm: ds.algorithm,
  digest_type: ds.digestType,
  digest: ds.digest,
  rdata: ds.rdata,
});

/**
 * A zone's DNSSEC (GET/PUT /v2/zones/{zone_id}/dnssec): keys' public parts only, the DS records for the
 * parent in every common digest, and the CDS/CDNSKEY the zone publishes. A resource of its own, so the
 * zone and record set representations Designate clients read stay as they are.
 */
export function renderDnssec(status: DnssecStatus, base: string): DnssecView {
  const { zone, signing } = status;
  return {
    zone_id: zone.id,
    zone_name: zone.writtenName,
    enabled: signing !== null,
    state: signing ? 'ENABLED' : 'DISABLED',
    algorithm: signing ? ALGORITHM_NAMES[signing.algorithm] : null,
    algorithm_number: signing?.algorithm ?? null,
    keys: status.keys.map((key) => ({
      id: key.id,
      key_type: key.role,
      state: key.state,
      algorithm: key.algorithm,
      key_tag: key.keyTag,
      flags: key.flags,
      public_key: key.publicKey,
      dnskey: key.dnskey,
      created_at: formatTimestamp(key.createdAt),
      activate_at: at(key.activateAt),
      activated_at: at(key.activatedAt),
      retired_at: at(key.retiredAt),
      remove_at: at(key.removeAt),
    })),
    ds_records: status.dsRecords.map(renderDs),
    cds: { published: status.cds.length > 0, cds: status.cds, cdnskey: status.cdnskey },
    created_at: signing ? formatTimestamp(signing.createdAt) : null,
    updated_at: signing ? at(signing.updatedAt) : null,
    links: { self: `${zoneUrl(base, zone.id)}/dnssec`, zone: zoneUrl(base, zone.id) },
  };
}
