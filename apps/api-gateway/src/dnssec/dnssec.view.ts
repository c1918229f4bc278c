import { DnssecStatus, DsRecord } from '@zonewarden/domain';
import { DNSSEC_ALGORITHMS } from '@zonewarden/dns';
import { formatTimestamp } from '../common/http/timestamps';
import { zoneUrl } from '../zones/zone.view';

const ALGORITHM_NAMES = Object.fromEntries(Object.entries(DNSSEC_ALGORITHMS).map(([name, n]) => [n, name]));
const at = (date: Date | null) => (date ? formatTimestamp(date) : null);

export const renderDs = (ds: DsRecord) => ({
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
export function renderDnssec(status: DnssecStatus, base: string) {
  const { zone, signing } = status;
  return {
    zone_id: zone.id,
    zone_name: zone.name,
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
