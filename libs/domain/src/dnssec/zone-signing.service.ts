import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_SIGNING_POLICY,
  DNSSEC_ALGORITHMS,
  DnssecAlgorithm,
  DnssecRecord,
  KeyRing,
  SigningDelta,
  ZoneKey,
  ZoneSigner,
  dnskeyOf,
  exportPrivateKey,
  generateZoneKey,
  importZoneKey,
  keyTag,
  parseRrsig,
  parseSignatureTime,
} from '@zonewarden/dns';
import {
  DnssecKeyRecord,
  DnssecRepository,
  SignedRecordSet,
  Transaction,
  ZoneRecord,
} from '@zonewarden/persistence';
import { contentDifference } from '../changes/rrset-states';
import { RRsetChange } from '../changes/zone-change';
import { DomainSettings } from '../domain-settings';
import { dnssecNotConfigured } from './dnssec.errors';
import { ScheduledKey, nextKeyEvent } from './key-schedule';

/** The RRsets a change touched (owner, type), or every RRset (a change of the zone's TTL). */
export type ChangedRecordSets = readonly { name: string; type: string }[] | 'all';

/** What a private key's ciphertext is bound to: it decrypts only on its own key row. */
const keyContext = (zoneId: string, keyId: string) => `zone-dnssec-key:${zoneId}:${keyId}`;
const setKey = (name: string, type: string) => `${name.toLowerCase()} ${type.toUpperCase()}`;

interface Session {
  signer: ZoneSigner;
  rrsets: SignedRecordSet[];
}

/**
 * The signing seam: every change of a signed zone's record sets or SOA calls it in the change's own
 * transaction (the zone's row locked, the serial already bumped by ZoneChangeWriter), and it re-signs only the
 * RRsets that changed, the SOA among them, writing the difference to zone_dnssec_records. It also carries
 * out enabling, disabling and key changes for DnssecService and the maintenance job. An unsigned zone
 * costs one indexed lookup.
 *
 * Each call restores a ZoneSigner from storage (the zone's record sets and signer's records: reads in
 * the zone's size) and signs only the difference; nothing is cached between calls, so any number of
 * gateways and workers can sign the same zone one after the other.
 */
@Injectable()
export class ZoneSigningService {
  constructor(
    private readonly dnssec: DnssecRepository,
    private readonly settings: DomainSettings,
  ) {}

  /**
   * `work` (a change of the zone's signing), and how it changed the zone's keys and the signals to its
   * parent — the DNSKEY, CDS and CDNSKEY record sets before and after — for the zone's history.
   */
  async keyChanges(tx: Transaction, zoneId: string, work: () => Promise<void>): Promise<RRsetChange[]> {
    const before = await this.dnssec.keyRecordSets(tx, zoneId);
    await work();
    return contentDifference(before, await this.dnssec.keyRecordSets(tx, zoneId));
  }

  /** Re-signs what `changed` touched, and the SOA, when the zone is signed. */
  async signChange(tx: Transaction, zone: ZoneRecord, changed: ChangedRecordSets): Promise<void> {
    if (!(await this.dnssec.find(tx, zone.id))) return;
    const keys = await this.dnssec.keys(tx, zone.id);
    await this.resign(tx, zone, keys, keys, (session) => [
      session.signer.applyChange(this.change(zone, session, changed)),
    ]);
  }

  /** Signs the zone afresh with a new KSK and ZSK of `algorithm`; the zone's serial was just bumped. */
  async enable(
    tx: Transaction,
    zone: ZoneRecord,
    algorithm: DnssecAlgorithm,
    keys: readonly ScheduledKey[],
  ): Promise<void> {
    const ring = this.keyRing();
    const now = new Date();
    const number = DNSSEC_ALGORITHMS[algorithm];
    await this.dnssec.insert(tx, zone.id, number, now);
    const rows = await this.storeKeys(tx, ring, zone.id, number, keys);
    const signer = this.signer(
      zone,
      rows.map((row) => row.key),
    );
    const records = signer.signZone(await this.dnssec.recordSets(tx, zone.id));
    await this.dnssec.applyDelta(tx, zone.id, { add: records, remove: [] });
    await this.scheduleNext(
      tx,
      zone.id,
      rows.map((row) => row.record),
      records,
    );
  }

  /** Removes the zone's signatures, keys and signing; the zone's serial was just bumped. */
  async disable(tx: Transaction, zone: ZoneRecord): Promise<void> {
    await this.dnssec.remove(tx, zone.id);
  }

  /**
   * Moves the zone's keys to `planned` (a rollover step): new keys are made, states written, keys gone
   * deleted; DNSKEY/CDS/CDNSKEY follow and what the change of signing keys needs is re-signed, the SOA
   * with its new serial included.
   */
  async changeKeys(
    tx: Transaction,
    zone: ZoneRecord,
    current: readonly DnssecKeyRecord[],
    planned: readonly ScheduledKey[],
  ): Promise<void> {
    const ring = this.keyRing();
    const state = await this.dnssec.find(tx, zone.id);
    const kept = new Set(planned.map((key) => key.id).filter(Boolean));
    for (const key of current) if (!kept.has(key.id)) await this.dnssec.deleteKey(tx, key.id);
    for (const key of planned) {
      const before = current.find((c) => c.id === key.id);
      if (before) await this.dnssec.updateKey(tx, { ...before, ...key, id: before.id });
    }
    await this.storeKeys(
      tx,
      ring,
      zone.id,
      state!.algorithm,
      planned.filter((key) => !key.id),
    );
    const keys = await this.dnssec.keys(tx, zone.id);
    // Restored with the keys the stored records were made with, then moved to the new ones.
    await this.resign(tx, zone, current, keys, (session) => [
      session.signer.applyChange(this.change(zone, session, [])),
      session.signer.setKeys(keys.map((key) => this.zoneKey(ring, key))),
    ]);
  }

  /** Renews the signatures that expire soon after `now`, and re-signs the SOA with its new serial. */
  async refresh(tx: Transaction, zone: ZoneRecord, now: Date): Promise<void> {
    const keys = await this.dnssec.keys(tx, zone.id);
    const work = (session: Session) => [
      session.signer.applyChange(this.change(zone, session, [])),
      session.signer.refresh(),
    ];
    await this.resign(tx, zone, keys, keys, work, now);
  }

  /**
   * Encrypts again, under the current key-encryption key, the zone's private keys still under an older
   * one (after the operator put a new pair first in DNSSEC_KEY_ENCRYPTION_KEYS); the number re-encrypted.
   */
  async reEncryptKeys(tx: Transaction, keys: readonly DnssecKeyRecord[]): Promise<number> {
    const ring = this.keyRing();
    const stale = keys.filter((key) => ring.needsReEncryption(key.privateKey));
    for (const key of stale) {
      const context = keyContext(key.zoneId, key.id);
      await this.dnssec.setPrivateKey(
        tx,
        key.id,
        ring.encrypt(ring.decrypt(key.privateKey, context), context),
      );
    }
    return stale.length;
  }

  /** Whether some signature of the zone enters the refresh window by `now`. */
  async refreshDue(tx: Transaction, zoneId: string, now: Date): Promise<boolean> {
    const at = refreshAt(await this.dnssec.signerRecords(tx, zoneId));
    return at !== null && at.getTime() <= now.getTime();
  }

  /** Sets when the maintenance job next has work for the zone (rollover step or refresh). */
  async scheduleNext(
    tx: Transaction,
    zoneId: string,
    keys: readonly ScheduledKey[],
    records: readonly DnssecRecord[],
  ): Promise<void> {
    const times = [nextKeyEvent(keys, this.settings.dnssec), refreshAt(records)].filter(
      (at): at is Date => at !== null,
    );
    // A signed zone always has signatures, so there is always a refresh to come.
    await this.dnssec.setNextEvent(tx, zoneId, new Date(Math.min(...times.map((at) => at.getTime()))));
  }

  /** The key ring, or dnssec_not_configured: a signed zone cannot change without its keys. */
  keyRing(): KeyRing {
    const ring = this.settings.dnssec.keyRing;
    if (!ring) throw dnssecNotConfigured();
    return ring;
  }

  /**
   * Restores the zone's signer with `signedWith` (the keys its stored records were made with), runs
   * `work`, writes its deltas and schedules the next event by `keys` (the keys from now on).
   */
  private async resign(
    tx: Transaction,
    zone: ZoneRecord,
    signedWith: readonly DnssecKeyRecord[],
    keys: readonly DnssecKeyRecord[],
    work: (session: Session) => SigningDelta[],
    now = new Date(),
  ): Promise<void> {
    const ring = this.keyRing();
    const rrsets = await this.dnssec.recordSets(tx, zone.id);
    const stored = await this.dnssec.signerRecords(tx, zone.id);
    const signer = this.signer(
      zone,
      signedWith.map((key) => this.zoneKey(ring, key)),
      now,
    );
    signer.restore(asLastSigned(zone.name, rrsets, stored), stored);
    // Deltas are written in order: a later one may remove what an earlier one added.
    for (const delta of work({ signer, rrsets })) await this.dnssec.applyDelta(tx, zone.id, delta);
    await this.scheduleNext(tx, zone.id, keys, signer.records());
  }

  /** The change to sign: the RRsets touched as they now are (or removed), and always the SOA. */
  private change(zone: ZoneRecord, session: Session, changed: ChangedRecordSets) {
    const byKey = new Map(session.rrsets.map((set) => [setKey(set.name, set.type), set]));
    const keys = new Set(changed === 'all' ? byKey.keys() : changed.map((c) => setKey(c.name, c.type)));
    keys.add(setKey(zone.name, 'SOA'));
    const upsert = [...keys].flatMap((key) => byKey.get(key) ?? []);
    const remove = [...keys]
      .filter((key) => !byKey.has(key))
      .map((key) => ({ name: key.split(' ')[0], type: key.split(' ')[1] }));
    return { upsert, remove };
  }

  /** A signer for `zone` whose signatures are made as at `now`. */
  private signer(zone: ZoneRecord, keys: ZoneKey[], now = new Date()): ZoneSigner {
    const policy = { dnskeyTtl: this.settings.dnssec.dnskeyTtl };
    return new ZoneSigner({ zone: zone.name, keys, policy, now: () => now.getTime() });
  }

  private zoneKey(ring: KeyRing, key: DnssecKeyRecord): ZoneKey {
    const pkcs8 = ring.decrypt(key.privateKey, keyContext(key.zoneId, key.id));
    return importZoneKey(key.role, key.algorithm, pkcs8, key.state === 'ACTIVE');
  }

  private async storeKeys(
    tx: Transaction,
    ring: KeyRing,
    zoneId: string,
    algorithm: number,
    keys: readonly ScheduledKey[],
  ): Promise<{ key: ZoneKey; record: DnssecKeyRecord }[]> {
    const name = algorithm === DNSSEC_ALGORITHMS.ED25519 ? 'ED25519' : 'ECDSAP256SHA256';
    const stored = [];
    for (const planned of keys) {
      const key = { ...generateZoneKey(planned.role, name), active: planned.state === 'ACTIVE' };
      const id = randomUUID();
      const record: DnssecKeyRecord = {
        ...planned,
        id,
        zoneId,
        algorithm,
        keyTag: keyTag(dnskeyOf(key)),
        publicKey: key.publicKey.toString('base64'),
        privateKey: ring.encrypt(exportPrivateKey(key), keyContext(zoneId, id)),
        createdAt: new Date(),
      };
      await this.dnssec.insertKey(tx, record);
      stored.push({ key, record });
    }
    return stored;
  }
}

/**
 * The zone as the stored signatures were made, for ZoneSigner.restore: the record sets as they are now,
 * but the SOA with the TTL it was signed with (its RRSIG's original TTL), so that the signer sees a
 * change of the SOA's TTL, which changes every NSEC's TTL (RFC 9077).
 */
function asLastSigned(zone: string, rrsets: readonly SignedRecordSet[], stored: readonly DnssecRecord[]) {
  const soaSignature = stored.find(
    (r) => r.type === 'RRSIG' && r.name.toLowerCase() === zone.toLowerCase() && r.data.startsWith('SOA '),
  );
  if (!soaSignature) return rrsets;
  const ttl = parseRrsig(soaSignature.data).originalTtl;
  return rrsets.map((set) =>
    set.type === 'SOA' && set.name.toLowerCase() === zone.toLowerCase() ? { ...set, ttl } : set,
  );
}

/** When the first signature enters the refresh window (the signer's `refresh` renews it then). */
function refreshAt(records: readonly DnssecRecord[]): Date | null {
  let earliest = Infinity;
  // The expiration is the RRSIG's fifth field (RFC 4034 §3.2).
  for (const record of records)
    if (record.type === 'RRSIG')
      earliest = Math.min(earliest, parseSignatureTime(record.data.trim().split(/\s+/)[4]));
  return earliest === Infinity ? null : new Date((earliest - DEFAULT_SIGNING_POLICY.refresh) * 1000);
}
