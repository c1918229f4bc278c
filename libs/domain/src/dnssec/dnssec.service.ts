import { Injectable } from '@nestjs/common';
import {
  DIGEST_TYPES,
  DNSKEY_PROTOCOL,
  DNSSEC_ALGORITHMS,
  DigestType,
  DnskeyFields,
  DnssecAlgorithm,
  KSK_FLAGS,
  ZSK_FLAGS,
  dnskeyText,
  dsOf,
  dsText,
} from '@zonewarden/dns';
import {
  DnssecKeyRecord,
  DnssecKeyRole,
  DnssecRepository,
  Queryable,
  Storage,
  ZoneDnssecRecord,
  ZoneRecord,
} from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { userActor } from '../changes/actor';
import { ZoneChange } from '../changes/zone-change';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { DomainSettings } from '../domain-settings';
import { checkNotDeleting } from '../zones/zone-rules';
import { ZonesService } from '../zones/zones.service';
import { dnssecConflict, dnssecNotEnabled } from './dnssec.errors';
import { RolloverInProgress, initialKeys, startRollover } from './key-schedule';
import { ZoneSigningService } from './zone-signing.service';

/** A key's public part: everything but the private key, which never leaves the service. */
export type DnssecPublicKey = Omit<DnssecKeyRecord, 'privateKey'> & { flags: number; dnskey: string };

export interface DsRecord {
  keyTag: number;
  algorithm: number;
  digestType: DigestType;
  digest: string;
  /** The DS rdata as a parent takes it: `keytag algorithm digesttype DIGEST`. */
  rdata: string;
}

/** A zone's DNSSEC as the API shows it; `signing` null: not signed. */
export interface DnssecStatus {
  zone: ZoneRecord;
  signing: ZoneDnssecRecord | null;
  keys: DnssecPublicKey[];
  /** For the parent: every signing KSK in each common digest (SHA-1, SHA-256, SHA-384). */
  dsRecords: DsRecord[];
  /** What the zone publishes for the parent to pick up (RFC 7344): CDS in SHA-256, and CDNSKEY. */
  cds: string[];
  cdnskey: string[];
}

export interface DnssecConfiguration {
  enabled: boolean;
  algorithm?: DnssecAlgorithm;
}

const PARENT_DIGESTS: readonly DigestType[] = [DIGEST_TYPES.SHA1, DIGEST_TYPES.SHA256, DIGEST_TYPES.SHA384];

/**
 * Per-zone DNSSEC through the API (GET/PUT /v2/zones/{id}/dnssec, the rollover task). A project's reader
 * sees it; a member changes it, on its own zones only (a project the zone is shared with may not).
 * Enabling and disabling bump the serial once, in one transaction with the signing.
 */
@Injectable()
export class DnssecService {
  constructor(
    private readonly storage: Storage,
    private readonly changes: ZoneChangeWriter,
    private readonly dnssec: DnssecRepository,
    private readonly settings: DomainSettings,
    private readonly signing: ZoneSigningService,
    private readonly zones: ZonesService,
  ) {}

  async get(caller: Caller, zoneId: string): Promise<DnssecStatus> {
    authorize(caller, 'read');
    const zone = await this.zones.get(caller, zoneId);
    return this.status(this.storage.autocommit, zone);
  }

  /**
   * Turns signing on (a new KSK and ZSK of `algorithm`, ECDSAP256SHA256 by default) or off. Asking for
   * what is already so answers it as it is; another algorithm on a signed zone is a conflict (an
   * algorithm rollover is not offered). Turning off removes every signature and key at once and answers
   * the DS records the parent must no longer hold (see docs/dnssec.md, Disabling).
   */
  async configure(
    caller: Caller,
    zoneId: string,
    configuration: DnssecConfiguration,
    requestId?: string,
  ): Promise<DnssecStatus & { removedDsRecords: DsRecord[] }> {
    authorize(caller, 'write');
    const change = (comment: string) => signingChange(caller, requestId, comment);
    return this.storage.transaction(async (tx) => {
      let zone = await this.zones.lockInScope(tx, caller, zoneId);
      const before = await this.status(tx, zone);
      if (!configuration.enabled) {
        if (!before.signing) return { ...before, removedDsRecords: [] };
        checkNotDeleting(zone);
        zone = await this.changes.commit(tx, zone, change('DNSSEC disabled'), (changed) =>
          this.signing.keyChanges(tx, changed.id, () => this.signing.disable(tx, changed)),
        );
        return { ...(await this.status(tx, zone)), removedDsRecords: before.dsRecords };
      }
      const algorithm = configuration.algorithm ?? 'ECDSAP256SHA256';
      if (before.signing) {
        if (before.signing.algorithm !== DNSSEC_ALGORITHMS[algorithm])
          throw dnssecConflict('The zone is signed with another algorithm; disable DNSSEC first');
        return { ...before, removedDsRecords: [] };
      }
      checkNotDeleting(zone);
      if (zone.type === 'SECONDARY')
        throw dnssecConflict("A SECONDARY zone's content is its masters': it is not signed here");
      this.signing.keyRing();
      zone = await this.changes.commit(tx, zone, change(`DNSSEC enabled (${algorithm})`), (changed) =>
        this.signing.keyChanges(tx, changed.id, () =>
          this.signing.enable(tx, changed, algorithm, initialKeys(new Date())),
        ),
      );
      return { ...(await this.status(tx, zone)), removedDsRecords: [] };
    });
  }

  /**
   * Starts a rollover of the zone's ZSK (pre-publication) or KSK (double-KSK with CDS/CDNSKEY); the
   * maintenance job carries out the later steps when their time comes.
   */
  async rollover(
    caller: Caller,
    zoneId: string,
    role: DnssecKeyRole,
    requestId?: string,
  ): Promise<DnssecStatus> {
    authorize(caller, 'write');
    return this.storage.transaction(async (tx) => {
      let zone = await this.zones.lockInScope(tx, caller, zoneId);
      if (!(await this.dnssec.find(tx, zone.id))) throw dnssecNotEnabled();
      checkNotDeleting(zone);
      const keys = await this.dnssec.keys(tx, zone.id);
      let planned;
      try {
        planned = startRollover(keys, role, new Date(), this.settings.dnssec);
      } catch (error) {
        if (error instanceof RolloverInProgress) throw dnssecConflict(`${error.message}`);
        throw error;
      }
      zone = await this.changes.commit(
        tx,
        zone,
        signingChange(caller, requestId, `${role} rollover started`),
        (changed) =>
          this.signing.keyChanges(tx, changed.id, () => this.signing.changeKeys(tx, changed, keys, planned)),
      );
      return this.status(tx, zone);
    });
  }

  private async status(db: Queryable, zone: ZoneRecord): Promise<DnssecStatus> {
    const signing = await this.dnssec.find(db, zone.id);
    const keys = signing ? (await this.dnssec.keys(db, zone.id)).map(publicPart) : [];
    const signingKsks = keys.filter((key) => key.role === 'KSK' && key.state === 'ACTIVE');
    const ds = (digests: readonly DigestType[]) =>
      signingKsks.flatMap((key) => digests.map((digest) => dsRecord(zone.name, key, digest)));
    return {
      zone,
      signing,
      keys,
      dsRecords: ds(PARENT_DIGESTS),
      cds: ds([DIGEST_TYPES.SHA256]).map((record) => record.rdata),
      cdnskey: signingKsks.map((key) => key.dnskey),
    };
  }
}

/** A change of the zone's signing through the API: its content is signed anew (no record set of the caller's). */
const signingChange = (caller: Caller, requestId: string | undefined, comment: string): ZoneChange => ({
  source: 'dnssec',
  actor: userActor(caller, requestId),
  rrsets: [],
  comment,
});

const dnskeyFields = (key: Pick<DnssecKeyRecord, 'role' | 'algorithm' | 'publicKey'>): DnskeyFields => ({
  flags: key.role === 'KSK' ? KSK_FLAGS : ZSK_FLAGS,
  protocol: DNSKEY_PROTOCOL,
  algorithm: key.algorithm,
  publicKey: Buffer.from(key.publicKey, 'base64'),
});

function publicPart({ privateKey: _secret, ...key }: DnssecKeyRecord): DnssecPublicKey {
  const fields = dnskeyFields(key);
  return { ...key, flags: fields.flags, dnskey: dnskeyText(fields) };
}

function dsRecord(zone: string, key: DnssecPublicKey, digestType: DigestType): DsRecord {
  const ds = dsOf(zone, dnskeyFields(key), digestType);
  return {
    keyTag: ds.keyTag,
    algorithm: ds.algorithm,
    digestType,
    digest: ds.digest.toString('hex').toUpperCase(),
    rdata: dsText(ds),
  };
}
