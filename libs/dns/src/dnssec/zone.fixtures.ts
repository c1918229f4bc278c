import { typeName } from '../wire/types';
import { dnskeyOf, keyTag } from './dnskey';
import { DnssecAlgorithm, ZoneKey, generateZoneKey } from './keys';
import { RecordSet, parseRrsig, verifyRecordSet } from './rrsig';
import { DnssecRecord } from './zone-signer';

export const ZONE = 'example.com.';

const set = (name: string, type: string, ...records: string[]): RecordSet => ({
  name: name === '@' ? ZONE : `${name}.${ZONE}`,
  type,
  ttl: 3600,
  records,
});

/**
 * A zone with what signing must get right: apex data, a secure delegation (DS) and an insecure one, both
 * with glue, a wildcard, a CNAME, empty non-terminals, the common record types, and `hosts` more names.
 */
export function exampleZone(hosts = 20): RecordSet[] {
  return [
    { ...set('@', 'SOA', 'ns1.example.com. hostmaster.example.com. 1 3600 600 86400 300'), ttl: 900 },
    set('@', 'NS', 'ns1.example.com.', 'ns2.example.net.'),
    set('@', 'MX', '10 mail.example.com.', '20 mx.example.net.'),
    set('@', 'TXT', '"v=spf1 mx -all"', '"hello world"'),
    set('@', 'A', '192.0.2.1'),
    set('@', 'AAAA', '2001:db8::1'),
    set('@', 'CAA', '0 issue "letsencrypt.org"'),
    set('ns1', 'A', '192.0.2.53'),
    set('www', 'A', '192.0.2.80', '192.0.2.81'),
    set('www', 'AAAA', '2001:db8::80'),
    set('mail', 'A', '192.0.2.25'),
    set('alias', 'CNAME', 'www.example.com.'),
    set('*.wild', 'A', '192.0.2.99'),
    set('*.wild', 'TXT', '"wildcard"'),
    set('_sip._tcp', 'SRV', '10 60 5060 sip.example.com.'),
    set('sip', 'AAAA', '2001:db8::5060'),
    set('host.deep.ent', 'A', '192.0.2.7'),
    set('secure', 'NS', 'ns1.secure.example.com.', 'ns.example.net.'),
    set('secure', 'DS', '12345 13 2 3AA5AB37EFCE57F737FC1627013FEE07BDF241BD10F3B1964AB55C78E79A304B'),
    set('ns1.secure', 'A', '192.0.2.153'),
    set('ns1.secure', 'AAAA', '2001:db8::153'),
    set('insecure', 'NS', 'ns.insecure.example.com.'),
    set('ns.insecure', 'A', '192.0.2.154'),
    ...Array.from({ length: hosts }, (_, i) => set(`host${i}`, 'A', `198.51.100.${i % 250}`)),
  ];
}

/** A KSK and a ZSK of `algorithm`. */
export const keyPair = (algorithm: DnssecAlgorithm): ZoneKey[] => [
  generateZoneKey('KSK', algorithm),
  generateZoneKey('ZSK', algorithm),
];

/** A zonefile of the RRsets and the signer's records, as BIND's and ldns's tools read one. */
export function zonefile(rrsets: readonly RecordSet[], records: readonly DnssecRecord[]): string {
  const lines = rrsets.flatMap((s) => s.records.map((data) => `${s.name} ${s.ttl} IN ${s.type} ${data}`));
  return [...lines, ...records.map((r) => `${r.name} ${r.ttl} IN ${r.type} ${r.data}`), ''].join('\n');
}

const recordKey = (r: DnssecRecord) => `${r.name} ${r.ttl} ${r.type} ${r.data}`;

/** `records` with a delta applied, failing on a removal of a record that is not there. */
export function applyDelta(
  records: readonly DnssecRecord[],
  delta: { add: DnssecRecord[]; remove: DnssecRecord[] },
): DnssecRecord[] {
  const byKey = new Map(records.map((r) => [recordKey(r), r]));
  for (const record of delta.remove)
    if (!byKey.delete(recordKey(record))) throw new Error(`removed but not there: ${recordKey(record)}`);
  for (const record of delta.add) byKey.set(recordKey(record), record);
  return [...byKey.values()];
}

export const sortedKeys = (records: readonly DnssecRecord[]) => records.map(recordKey).sort();

/**
 * Checks every RRSIG in `records` with node:crypto against the RRset it covers and the DNSKEY of its tag;
 * returns the RRsets (`owner TYPE`) each key role signed.
 */
export function verifyAll(
  rrsets: readonly RecordSet[],
  records: readonly DnssecRecord[],
  keys: readonly ZoneKey[],
) {
  const all = new Map<string, RecordSet>();
  for (const s of rrsets) all.set(`${s.name} ${s.type}`, s);
  for (const r of records.filter((r) => r.type !== 'RRSIG')) {
    const key = `${r.name} ${r.type}`;
    const existing = all.get(key);
    all.set(key, { name: r.name, type: r.type, ttl: r.ttl, records: [...(existing?.records ?? []), r.data] });
  }
  const signedBy = { KSK: new Set<string>(), ZSK: new Set<string>() };
  for (const r of records.filter((r) => r.type === 'RRSIG')) {
    const rrsig = parseRrsig(r.data);
    const covered = `${r.name} ${typeName(rrsig.typeCovered)}`;
    const rrset = all.get(covered);
    const key = keys.find((k) => keyTag(dnskeyOf(k)) === rrsig.keyTag);
    if (!rrset || !key) throw new Error(`no RRset or key for ${r.name} RRSIG ${r.data}`);
    if (r.ttl !== rrset.ttl || rrsig.originalTtl !== rrset.ttl)
      throw new Error(`TTL of ${r.name} RRSIG ${r.data}`);
    if (!verifyRecordSet(rrset, rrsig, dnskeyOf(key)))
      throw new Error(`bad signature ${r.name} RRSIG ${r.data}`);
    signedBy[key.role].add(covered);
  }
  return signedBy;
}
