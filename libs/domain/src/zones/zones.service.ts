import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ancestorNames, canonicalName, soaRecordData, unixSeconds } from '@zonewarden/dns';
import { Quotas } from '@zonewarden/config';
import {
  ListQuery,
  NewZone,
  OutboxWriter,
  Page,
  PoolNsRecordRecord,
  PoolsRepository,
  Queryable,
  SecondaryZonesRepository,
  Storage,
  Transaction,
  ZoneChanges,
  ZoneRecord,
  ZoneSharesRepository,
  ZonesRepository,
  ZoneCreationEntry,
} from '@zonewarden/persistence';
import { Caller, authorize, ownProject, scopeOf } from '../caller';
import { userActor } from '../changes/actor';
import { ChangeSource } from '../changes/zone-change';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { creationEntry } from '../changes/history-entry';
import { xfrRequested } from '../events/task-events';
import { zoneCreated, zoneDeleted } from '../events/zone-events';
import { forbidden, pageOrMarkerNotFound } from '../common.errors';
import { DomainSettings } from '../domain-settings';
import { QuotasService } from '../quotas/quotas.service';
import { checkQuota } from '../quotas/quota-rules';
import { throughShare } from '../shares/share-rules';
import { zoneIsShared } from '../shares/zone-shares.errors';
import { ZoneSigningService } from '../dnssec/zone-signing.service';
import { checkZoneNameAllowed, mayUseBlacklisted } from './zone-name-rules';
import { checkNameIsFree, checkNotDeleting } from './zone-rules';
import {
  SECONDARY_INITIAL_SERIAL,
  SECONDARY_ZONE_EMAIL,
  checkSecondaryChanges,
  checkTransferable,
  checkZoneKind,
} from './secondary-zone-rules';
import { duplicateZone, noServersConfigured, zoneNotFound } from './zones.errors';

/** A zone as a caller asks for it. */
export interface ZoneRequest {
  name: string;
  /** Required of a PRIMARY zone (the API checks), refused for a SECONDARY one. */
  email?: string;
  ttl?: number;
  description?: string | null;
  attributes?: Record<string, string>;
  type?: 'PRIMARY' | 'SECONDARY';
  masters?: string[];
}

/** Designate's default TTL of a new zone. */
export const DEFAULT_ZONE_TTL = 3600;

/** The zone rules, each public method in one transaction (Designate's central service, for zones). */
@Injectable()
export class ZonesService {
  constructor(
    private readonly storage: Storage,
    private readonly settings: DomainSettings,
    private readonly pools: PoolsRepository,
    private readonly quotas: QuotasService,
    private readonly shares: ZoneSharesRepository,
    private readonly zones: ZonesRepository,
    private readonly secondaries: SecondaryZonesRepository,
    private readonly signing: ZoneSigningService,
    private readonly changes: ZoneChangeWriter,
    private readonly outbox: OutboxWriter,
  ) {}

  /** A new zone (`source`: through the API, or its legacy interface), its creation the first of its history. */
  async create(
    caller: Caller,
    input: ZoneRequest,
    requestId?: string,
    source: ChangeSource = 'api',
  ): Promise<ZoneRecord> {
    authorize(caller, 'write');
    const creation = { source, actor: userActor(caller, requestId), rrsets: [] };
    const masters = checkZoneKind(input);
    const secondary = input.type === 'SECONDARY';
    const newZone: NewZone = {
      projectId: ownProject(caller),
      poolId: this.settings.defaultPoolId,
      name: canonicalName(input.name),
      // Shown as given, as Designate stores it; compared in lower case everywhere.
      writtenName: input.name,
      email: secondary ? SECONDARY_ZONE_EMAIL : input.email!,
      ttl: input.ttl ?? DEFAULT_ZONE_TTL,
      description: input.description ?? null,
      attributes: input.attributes ?? {},
      type: secondary ? 'SECONDARY' : 'PRIMARY',
      masters,
    };
    // A SECONDARY zone is announced once its first transfer brought its content (zone-worker).
    if (secondary)
      return this.storage.transaction(async (tx) => {
        const created = await this.createIn(tx, newZone, mayUseBlacklisted(caller));
        await this.changes.recordOnly(tx, null, created, creation);
        await this.outbox.write(tx, xfrRequested(created.id, true, requestId));
        return created;
      });
    // Two round trips, no BEGIN or COMMIT: the checks' reads, then one statement that inserts the zone and
    // its announcement (a transaction by itself).
    const autocommit = this.storage.autocommit;
    return this.createIn(autocommit, newZone, mayUseBlacklisted(caller), undefined, {
      requestId,
      creation: creationEntry(creation),
    });
  }

  /**
   * Every way a zone comes to be (the API's create, an import) goes through here, in the caller's
   * transaction: the project's zone quota, the name rules (TLDs and blacklists included; an admin —
   * Designate's `use_blacklisted_zone` — may use a blacklisted name), the pool's nameservers; the zone is
   * inserted with its managed SOA and NS record sets (a SECONDARY zone with none, and serial 1: its transfer
   * brings them). The caller announces it (ZoneChangeWriter.created) once it is complete, or has it
   * announced with the insert (`announce`, below). Two round trips: the
   * checks' reads (the project's quotas among them, unless the caller has them: `quotas`) in one
   * statement, the insert (under the project's zone lock when its quota is finite, taken there so that
   * the lock is held from the insert to the commit only) in another. With `announce` that statement
   * also writes `zone.created` to the outbox and the creation into the zone's history: a caller outside a
   * transaction then needs none.
   */
  async createIn(
    db: Queryable,
    zone: NewZone,
    mayUseBlacklisted: boolean,
    knownQuotas?: Quotas,
    announce?: { requestId?: string; creation: ZoneCreationEntry },
  ): Promise<ZoneRecord> {
    const ancestors = ancestorNames(zone.name);
    const context = await this.zones.creationContext(db, zone, ancestors);
    const quotas = knownQuotas ?? this.quotas.withOverrides(context.quotaOverrides);
    checkZoneNameAllowed(zone.name, context, mayUseBlacklisted, zone.writtenName);
    // A first look, unlocked, so that the errors keep their precedence; the insert looks again, locked.
    checkQuota(quotas, 'zones', context.liveZones + 1);
    checkNameIsFree(zone, ancestors, context.related);
    const { nameservers } = context;
    if (nameservers.length === 0) throw noServersConfigured();
    // An import keeps its zonefile's serial and timers (Designate keeps the serial, retry and expire).
    const serial = zone.type === 'SECONDARY' ? SECONDARY_INITIAL_SERIAL : (zone.soa?.serial ?? unixSeconds());
    const managed =
      zone.type === 'SECONDARY'
        ? []
        : [
            { type: 'SOA', records: [soaRecordData(nameservers[0], zone.email, serial, zone.soa)] },
            { type: 'NS', records: nameservers },
          ];
    const limited = quotas.zones >= 0 ? quotas.zones : null;
    const id = randomUUID();
    const announcement = announce && zoneCreated({ ...zone, id, serial }, announce.requestId);
    const { zone: created, liveZones } = await this.zones.insert(
      db,
      { ...zone, id },
      serial,
      limited,
      managed,
      announcement,
      announce?.creation,
    );
    if (liveZones !== null) checkQuota(quotas, 'zones', liveZones + 1);
    // Same-name races are settled by the partial unique index.
    if (!created) throw duplicateZone();
    return created;
  }

  /** One more zone for the project within its quota; its creations and accepts queue on its lock meanwhile. */
  async checkZoneQuota(tx: Transaction, projectId: string, quotas: Quotas): Promise<void> {
    if (quotas.zones >= 0) checkQuota(quotas, 'zones', (await this.zones.countLiveLocked(tx, projectId)) + 1);
  }

  async get(caller: Caller, id: string): Promise<ZoneRecord> {
    authorize(caller, 'read');
    const zone = await this.zones.find(this.storage.autocommit, id, scopeOf(caller));
    if (!zone) throw zoneNotFound();
    return zone;
  }

  async list(caller: Caller, query: ListQuery): Promise<Page<ZoneRecord>> {
    authorize(caller, 'read');
    const page = await this.zones.list(scopeOf(caller), query, this.settings.designateBehaviour);
    return pageOrMarkerNotFound(page, query);
  }

  /**
   * Applies a PATCH (`source`: through the API, or its legacy interface): bumps the serial (and the SOA
   * record), the version, and announces the update.
   */
  async update(
    caller: Caller,
    id: string,
    changes: ZoneChanges,
    requestId?: string,
    source: ChangeSource = 'api',
  ): Promise<ZoneRecord> {
    authorize(caller, 'write');
    return this.storage.transaction(async (tx) => {
      const current = await this.lockInScope(tx, caller, id);
      checkNotDeleting(current);
      // A SECONDARY zone's serial and SOA are its masters': only its description is ours to change.
      if (current.type === 'SECONDARY') {
        checkSecondaryChanges(changes);
        return this.secondaries.describe(tx, id, changes.description);
      }
      const actor = userActor(caller, requestId);
      const changed = await this.changes.commit(tx, current, { source, actor, fields: changes, rrsets: [] });
      // The zone's TTL is the TTL of every record set without one of its own: all of them are re-signed.
      const ttlChanged = changes.ttl !== undefined && changes.ttl !== current.ttl;
      await this.signing.signChange(tx, changed, ttlChanged ? 'all' : []);
      return changed;
    });
  }

  /**
   * Starts the asynchronous delete; a zone already being deleted is answered as it is. A shared zone is
   * deleted only with `deleteShares` (Designate's `X-Designate-Delete-Shares`), which removes its shares.
   */
  async delete(caller: Caller, id: string, requestId?: string, deleteShares = false): Promise<ZoneRecord> {
    authorize(caller, 'write');
    return this.storage.transaction(async (tx) => {
      const current = await this.lockInScope(tx, caller, id);
      if (current.action === 'DELETE') return current;
      if (current.shared && !deleteShares) throw zoneIsShared();
      await this.shares.deleteAllOf(tx, id);
      const deleting = await this.zones.markDeleting(tx, id);
      await this.outbox.write(tx, zoneDeleted(deleting, requestId));
      return deleting;
    });
  }

  /** tasks/xfr: a transfer of the SECONDARY zone from its masters, whatever their serial. */
  async requestXfr(caller: Caller, id: string, requestId?: string): Promise<void> {
    authorize(caller, 'write');
    await this.storage.transaction(async (tx) => {
      const zone = await this.lockInScope(tx, caller, id);
      checkTransferable(zone);
      checkNotDeleting(zone);
      await this.outbox.write(tx, xfrRequested(zone.id, true, requestId));
    });
  }

  /** Removes the zone from storage without touching any target. Admin only, checked before the lookup. */
  async abandon(caller: Caller, id: string): Promise<void> {
    authorize(caller, 'admin');
    if (!(await this.zones.remove(id, scopeOf(caller)))) throw zoneNotFound();
  }

  /** The zone's nameservers: its owner's to read (Designate's `get_zone_ns_records`), 403 through a share. */
  async nameservers(caller: Caller, id: string): Promise<PoolNsRecordRecord[]> {
    const zone = await this.get(caller, id);
    if (throughShare(caller, zone)) throw forbidden();
    return this.pools.nsRecords(zone.poolId);
  }

  /**
   * The caller's zone, its row locked for the rest of the transaction, for a change of the zone itself:
   * another project's is not found, and a project the zone is only shared with may not change it (403).
   */
  async lockInScope(tx: Transaction, caller: Caller, id: string): Promise<ZoneRecord> {
    const zone = await this.lockForRecordSets(tx, caller, id);
    if (throughShare(caller, zone)) throw forbidden();
    return zone;
  }

  /** The zone locked for a change of its record sets: its owner's, or a project's it is shared with. */
  async lockForRecordSets(tx: Transaction, caller: Caller, id: string): Promise<ZoneRecord> {
    const zone = await this.zones.lock(tx, id, scopeOf(caller));
    if (!zone) throw zoneNotFound();
    return zone;
  }
}
