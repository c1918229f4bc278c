import { randomInt } from 'node:crypto';
import { namesBetween } from '../names';
import { parseSignatureTime } from '../wire/dnssec-rdata';
import { NsecChain, nsecText } from './denial';
import { DIGEST_TYPES, DigestType, dnskeyOf, dnskeyText, dsRecords, keyTag } from './dnskey';
import { ZoneKey } from './keys';
import { RecordSet, SignatureTimes, rrsigText, signRecordSet } from './rrsig';

/** When signatures are made and re-made, in seconds. */
export interface SigningPolicy {
  /** How long a new signature is valid. */
  validity: number;
  /** Signatures expiring within this window are re-made by `refresh` (must be well below `validity`). */
  refresh: number;
  /** Inception is backdated by this much for validators whose clocks lag. */
  inceptionSkew: number;
  /** Up to this much is taken off each expiration at random, so that re-signing spreads out over time. */
  jitter: number;
  dnskeyTtl: number;
  /** The digests of the CDS records (RFC 7344); none publishes no CDS/CDNSKEY. */
  cdsDigests: readonly DigestType[];
}

const DAY = 86_400;
export const DEFAULT_SIGNING_POLICY: SigningPolicy = {
  validity: 14 * DAY,
  refresh: 5 * DAY,
  inceptionSkew: 3600,
  jitter: DAY / 2,
  dnskeyTtl: 3600,
  cdsDigests: [DIGEST_TYPES.SHA256],
};

export interface ZoneSignerOptions {
  /** The zone's name, absolute. */
  zone: string;
  keys: readonly ZoneKey[];
  policy?: Partial<SigningPolicy>;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

/** A record the signer makes: DNSKEY, CDS, CDNSKEY, NSEC or RRSIG. */
export interface DnssecRecord {
  name: string;
  type: string;
  ttl: number;
  data: string;
}

/** The signer's records to add and to remove after a change (a removed record has the data it had). */
export interface SigningDelta {
  add: DnssecRecord[];
  remove: DnssecRecord[];
}

/** RRsets put (added or replaced whole) and RRsets removed. */
export interface ZoneChange {
  upsert?: readonly RecordSet[];
  remove?: readonly { name: string; type: string }[];
}

/** The apex RRsets the signer owns, signed by the key-signing keys (RFC 7344 §4.1 for CDS/CDNSKEY). */
const KEY_TYPES = new Set(['DNSKEY', 'CDS', 'CDNSKEY']);
/** Types that are the signer's alone anywhere (NSEC3 is not used; see docs/dnssec.md). */
const SIGNER_TYPES = new Set(['RRSIG', 'NSEC', 'NSEC3', 'NSEC3PARAM']);

type NameStatus = 'authoritative' | 'delegation' | 'occluded';

interface Signature {
  record: DnssecRecord;
  expiration: number;
  keyTag: number;
}

const keyRecords = (set: RecordSet | undefined): DnssecRecord[] =>
  set ? set.records.map((data) => ({ name: set.name, type: set.type, ttl: set.ttl, data })) : [];

/** Collects a delta; a record removed that this same delta added is simply not added. */
class DeltaBuilder {
  private readonly added = new Set<DnssecRecord>();
  private readonly removed: DnssecRecord[] = [];

  add(records: readonly DnssecRecord[]): void {
    for (const record of records) this.added.add(record);
  }

  remove(records: readonly DnssecRecord[]): void {
    for (const record of records) if (!this.added.delete(record)) this.removed.push(record);
  }

  build(): SigningDelta {
    return { add: [...this.added], remove: this.removed };
  }
}

/**
 * Signs one zone and keeps it signed (RFC 4035 §2): DNSKEY (and CDS/CDNSKEY) at the apex, an RRSIG per
 * authoritative RRset and active key, an NSEC chain. It holds the zone's RRsets in memory; `signZone`
 * signs them whole, `restore` takes back records signed earlier, and then `applyChange` and `refresh`
 * say which of the signer's records to add and remove, touching only the changed RRsets, the NSEC
 * records whose next name or types change, and signatures about to expire.
 */
export class ZoneSigner {
  readonly zone: string;
  private readonly policy: SigningPolicy;
  private readonly now: () => number;
  private keys: readonly ZoneKey[];
  private data = new Map<string, Map<string, RecordSet>>();
  private chain = new NsecChain();
  private nsec = new Map<string, DnssecRecord>();
  /** RRSIGs by owner and covered type. */
  private signatures = new Map<string, Map<string, Signature[]>>();

  constructor(private readonly options: ZoneSignerOptions) {
    this.zone = options.zone.toLowerCase();
    this.policy = { ...DEFAULT_SIGNING_POLICY, ...options.policy };
    if (this.policy.refresh + this.policy.jitter >= this.policy.validity)
      throw new Error('the refresh window and jitter must be shorter than the signature validity');
    this.now = options.now ?? Date.now;
    this.keys = options.keys;
  }

  /** Signs the zone's RRsets (its SOA among them) from scratch; returns every record the signer makes. */
  signZone(rrsets: readonly RecordSet[]): DnssecRecord[] {
    this.reset(rrsets);
    const delta = new DeltaBuilder();
    for (const [name, sets] of this.data) {
      for (const type of this.signedTypes(name)) this.sign(sets.get(type)!, delta);
      if (this.status(name) !== 'occluded') this.chain.insert(name);
    }
    for (const name of this.chain.all()) this.putNsec(name, delta);
    return this.records();
  }

  /**
   * Takes back a zone signed earlier with the same keys: its RRsets and the signer's records as they
   * were stored. Nothing is signed; `refresh` renews what is due.
   */
  restore(rrsets: readonly RecordSet[], signed: readonly DnssecRecord[]): void {
    this.reset(rrsets);
    for (const record of signed) {
      const name = record.name.toLowerCase();
      if (record.type === 'NSEC') {
        this.nsec.set(name, record);
        this.chain.insert(name);
      } else if (record.type === 'RRSIG') {
        const [covered, , , , expiration, , tag] = record.data.trim().split(/\s+/);
        this.signaturesAt(name).set(covered, [
          ...(this.signaturesAt(name).get(covered) ?? []),
          { record, expiration: parseSignatureTime(expiration), keyTag: Number(tag) },
        ]);
      }
    }
  }

  /** Every record the signer has made, as they stand. */
  records(): DnssecRecord[] {
    const keySets = [...(this.data.get(this.zone)?.values() ?? [])].filter((set) => KEY_TYPES.has(set.type));
    return [
      ...keySets.flatMap(keyRecords),
      ...this.nsec.values(),
      ...[...this.signatures.values()].flatMap((byType) => [...byType.values()].flat().map((s) => s.record)),
    ];
  }

  /** The signer's records to add and remove once `change` is made to the zone. */
  applyChange(change: ZoneChange): SigningDelta {
    const affected = new Set<string>();
    const changed = new Set<string>();
    const mark = (name: string, type: string) => {
      affected.add(name);
      changed.add(`${name} ${type}`);
      // A delegation or DNAME coming or going changes whether the names below it are authoritative.
      if ((type === 'NS' && name !== this.zone) || type === 'DNAME')
        for (const other of this.data.keys()) if (other.endsWith(`.${name}`)) affected.add(other);
    };
    // Everything is checked before anything changes, so that a refused change set leaves the zone as it was.
    const upserts = (change.upsert ?? []).map((rrset) => this.checked(rrset));
    const removals = (change.remove ?? []).map(({ name, type }) => ({
      name: name.toLowerCase(),
      type: type.toUpperCase(),
    }));
    for (const { name, type } of removals) this.checkOwned(name, type);
    const soaRemoved = removals.some((r) => r.name === this.zone && r.type === 'SOA');
    if (soaRemoved && !upserts.some((set) => set.name === this.zone && set.type === 'SOA'))
      throw new Error(`the zone ${this.zone} cannot lose its SOA`);

    const nsecTtl = this.nsecTtl();
    for (const { name, type } of removals) {
      const sets = this.data.get(name);
      sets?.delete(type);
      if (sets?.size === 0) this.data.delete(name);
      mark(name, type);
    }
    for (const set of upserts) {
      this.put(set);
      mark(set.name, set.type);
    }

    const delta = new DeltaBuilder();
    for (const name of affected) this.resignAt(name, changed, delta);
    const nsecOwners = this.updateChain(affected, delta);
    for (const name of this.nsecTtl() === nsecTtl ? nsecOwners : this.chain.all()) this.putNsec(name, delta);
    return delta.build();
  }

  /**
   * Replaces the zone's keys (a rollover step): DNSKEY, CDS and CDNSKEY follow them, and the RRsets whose
   * signing keys changed are re-signed by the new ones. Signatures of keys that go on signing stay.
   */
  setKeys(keys: readonly ZoneKey[]): SigningDelta {
    if (!keys.some((key) => key.active && key.privateKey))
      throw new Error(`the zone ${this.zone} has no active key`);
    const apex = this.data.get(this.zone)!;
    const before = [...KEY_TYPES].flatMap((type) => keyRecords(apex.get(type)));
    for (const type of KEY_TYPES) apex.delete(type);
    this.keys = keys;
    for (const set of this.keySets()) this.put(set);
    const after = [...KEY_TYPES].flatMap((type) => keyRecords(apex.get(type)));

    const delta = new DeltaBuilder();
    const keyOf = (r: DnssecRecord) => `${r.type} ${r.ttl} ${r.data}`;
    const [beforeKeys, afterKeys] = [before, after].map((records) => new Set(records.map(keyOf)));
    delta.remove(before.filter((r) => !afterKeys.has(keyOf(r))));
    delta.add(after.filter((r) => !beforeKeys.has(keyOf(r))));
    const changed = new Set(
      [...before, ...after]
        .filter((r) => !beforeKeys.has(keyOf(r)) || !afterKeys.has(keyOf(r)))
        .map((r) => `${r.name} ${r.type}`),
    );
    this.resignAt(this.zone, changed, delta);
    for (const [name, byType] of this.signatures)
      for (const [type, signatures] of byType) {
        const wanted = this.signers(name, type).map((key) => keyTag(dnskeyOf(key)));
        const have = signatures.map((s) => s.keyTag);
        if (wanted.length === have.length && wanted.every((tag) => have.includes(tag))) continue;
        delta.remove(signatures.map((s) => s.record));
        byType.delete(type);
        this.sign(type === 'NSEC' ? this.nsecSet(name) : this.data.get(name)!.get(type)!, delta);
      }
    this.putNsec(this.zone, delta);
    return delta.build();
  }

  /** Re-makes the signatures that expire within the refresh window. */
  refresh(): SigningDelta {
    const deadline = Math.floor(this.now() / 1000) + this.policy.refresh;
    const delta = new DeltaBuilder();
    for (const [name, byType] of this.signatures)
      for (const [type, signatures] of byType) {
        if (signatures.every((s) => s.expiration > deadline)) continue;
        delta.remove(signatures.map((s) => s.record));
        byType.delete(type);
        const rrset = type === 'NSEC' ? this.nsecSet(name) : this.data.get(name)?.get(type);
        if (rrset) this.sign(rrset, delta);
      }
    return delta.build();
  }

  private reset(rrsets: readonly RecordSet[]): void {
    this.data = new Map();
    this.chain = new NsecChain();
    this.nsec = new Map();
    this.signatures = new Map();
    for (const rrset of rrsets) this.put(this.checked(rrset));
    for (const set of this.keySets()) this.put(set);
    if (!this.data.get(this.zone)?.has('SOA')) throw new Error(`the zone ${this.zone} has no SOA`);
  }

  /** DNSKEY with every key; CDS and CDNSKEY (RFC 7344 §4) for the active key-signing keys. */
  private keySets(): RecordSet[] {
    const { dnskeyTtl: ttl, cdsDigests } = this.policy;
    const sets = [
      {
        name: this.zone,
        type: 'DNSKEY',
        ttl,
        records: this.keys.map((k) => dnskeyText(dnskeyOf(k))),
      },
    ];
    const ksks = this.keys.filter((key) => key.role === 'KSK' && key.active);
    if (cdsDigests.length && ksks.length) {
      sets.push({ name: this.zone, type: 'CDS', ttl, records: dsRecords(this.zone, ksks, cdsDigests) });
      sets.push({ name: this.zone, type: 'CDNSKEY', ttl, records: ksks.map((k) => dnskeyText(dnskeyOf(k))) });
    }
    return sets;
  }

  private checked(rrset: RecordSet): RecordSet {
    const set = { ...rrset, name: rrset.name.toLowerCase(), type: rrset.type.toUpperCase() };
    this.checkOwned(set.name, set.type);
    if (set.records.length === 0) throw new Error(`the RRset ${set.name} ${set.type} has no records`);
    return set;
  }

  private checkOwned(name: string, type: string): void {
    if (name !== this.zone && !name.endsWith(`.${this.zone}`))
      throw new Error(`${name} is not in the zone ${this.zone}`);
    if (SIGNER_TYPES.has(type) || (name === this.zone && KEY_TYPES.has(type)))
      throw new Error(`${type} records at ${name} are the signer's`);
  }

  private put(set: RecordSet): void {
    let sets = this.data.get(set.name);
    if (!sets) this.data.set(set.name, (sets = new Map()));
    sets.set(set.type, set);
  }

  /** Whether a name's data is the zone's: not below a delegation or a DNAME (RFC 6672 §2.3). */
  private status(name: string): NameStatus {
    if (name === this.zone) return 'authoritative';
    for (const ancestor of namesBetween(this.zone, name).slice(1)) {
      const sets = this.data.get(ancestor);
      if (sets?.has('NS') || sets?.has('DNAME')) return 'occluded';
    }
    return this.data.get(name)?.has('NS') ? 'delegation' : 'authoritative';
  }

  /** RFC 4035 §2.2: every authoritative RRset is signed; at a delegation only the DS, never NS or glue. */
  private signedTypes(name: string): string[] {
    const sets = this.data.get(name);
    if (!sets) return [];
    const status = this.status(name);
    if (status === 'occluded') return [];
    if (status === 'delegation') return sets.has('DS') ? ['DS'] : [];
    return [...sets.keys()];
  }

  /** Drops the signatures of changed or no longer signed RRsets at `name`; signs what lacks them. */
  private resignAt(name: string, changed: ReadonlySet<string>, delta: DeltaBuilder): void {
    const signed = new Set(this.signedTypes(name));
    const byType = this.signatures.get(name);
    for (const [type, signatures] of byType ?? []) {
      if (type === 'NSEC' || (signed.has(type) && !changed.has(`${name} ${type}`))) continue;
      delta.remove(signatures.map((s) => s.record));
      byType!.delete(type);
    }
    for (const type of signed) if (!byType?.has(type)) this.sign(this.data.get(name)!.get(type)!, delta);
  }

  /** Adds and removes chain members among `affected`; returns the owners whose NSEC may have changed. */
  private updateChain(affected: ReadonlySet<string>, delta: DeltaBuilder): Set<string> {
    const owners = new Set<string>();
    for (const name of affected) {
      const wanted = this.data.has(name) && this.status(name) !== 'occluded';
      if (wanted) {
        owners.add(name);
        owners.add(this.chain.insert(name));
      } else if (this.chain.has(name)) {
        const before = this.chain.remove(name);
        if (before) owners.add(before);
        this.dropNsec(name, delta);
      }
    }
    return owners;
  }

  /** Re-makes the NSEC at `name` (and its signatures) when its next name, types or TTL changed. */
  private putNsec(name: string, delta: DeltaBuilder): void {
    if (!this.chain.has(name)) return;
    const wanted = this.nsecSet(name);
    const current = this.nsec.get(name);
    if (current && current.data === wanted.records[0] && current.ttl === wanted.ttl) return;
    this.dropNsec(name, delta);
    const record = { name, type: 'NSEC', ttl: wanted.ttl, data: wanted.records[0] };
    this.nsec.set(name, record);
    delta.add([record]);
    this.sign(wanted, delta);
  }

  private dropNsec(name: string, delta: DeltaBuilder): void {
    const current = this.nsec.get(name);
    if (!current) return;
    this.nsec.delete(name);
    const signatures = this.signatures.get(name)?.get('NSEC') ?? [];
    this.signatures.get(name)?.delete('NSEC');
    delta.remove([current, ...signatures.map((s) => s.record)]);
  }

  /**
   * The NSEC RRset `name` should have (RFC 4035 §2.3): at a delegation NS and DS only (the parent is not
   * authoritative for the rest), else every type there; RRSIG and NSEC themselves always.
   */
  private nsecSet(name: string): RecordSet {
    const sets = this.data.get(name)!;
    const types =
      this.status(name) === 'delegation' ? ['NS', ...(sets.has('DS') ? ['DS'] : [])] : [...sets.keys()];
    const data = nsecText(this.chain.next(name), [...types, 'RRSIG', 'NSEC']);
    return { name, type: 'NSEC', ttl: this.nsecTtl(), records: [data] };
  }

  /** RFC 9077 §3: the smaller of the SOA's TTL and its MINIMUM field. */
  private nsecTtl(): number {
    const soa = this.data.get(this.zone)?.get('SOA');
    if (!soa) return 0;
    return Math.min(soa.ttl, Number(soa.records[0].trim().split(/\s+/)[6]));
  }

  /** The active keys that sign an RRset: the key-signing keys the key RRsets, the others the rest. */
  private signers(name: string, type: string): ZoneKey[] {
    const active = this.keys.filter((key) => key.active && key.privateKey);
    const ksks = active.filter((key) => key.role === 'KSK');
    const zsks = active.filter((key) => key.role === 'ZSK');
    if (name === this.zone && KEY_TYPES.has(type)) return ksks.length ? ksks : zsks;
    return zsks.length ? zsks : ksks;
  }

  private sign(rrset: RecordSet, delta: DeltaBuilder): void {
    const signers = this.signers(rrset.name, rrset.type);
    if (signers.length === 0) throw new Error(`the zone ${this.zone} has no active key`);
    const times = this.times();
    const signatures = signers.map((key) => {
      const rrsig = signRecordSet(
        rrset,
        this.zone,
        { dnskey: dnskeyOf(key), privateKey: key.privateKey! },
        times,
      );
      const record = { name: rrset.name, type: 'RRSIG', ttl: rrset.ttl, data: rrsigText(rrsig) };
      return { record, expiration: rrsig.expiration, keyTag: rrsig.keyTag };
    });
    this.signaturesAt(rrset.name).set(rrset.type, signatures);
    delta.add(signatures.map((s) => s.record));
  }

  private signaturesAt(name: string): Map<string, Signature[]> {
    let byType = this.signatures.get(name);
    if (!byType) this.signatures.set(name, (byType = new Map()));
    return byType;
  }

  private times(): SignatureTimes {
    const now = Math.floor(this.now() / 1000);
    const { inceptionSkew, validity, jitter } = this.policy;
    return {
      inception: now - inceptionSkew,
      expiration: now + validity - (jitter ? randomInt(jitter + 1) : 0),
    };
  }
}
