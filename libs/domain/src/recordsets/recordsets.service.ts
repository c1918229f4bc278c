import { Injectable } from '@nestjs/common';
import { DomainError } from '../domain-error';
import { forbidden } from '../common.errors';
import { checkRecordSetsWritable } from '../zones/secondary-zone-rules';
import { namesBetween } from '@zonewarden/dns';
import {
  ListQuery,
  NO_COUNT_CHANGE,
  Page,
  RecordCountDelta,
  RecordSetRecord,
  RecordSetsRepository,
  Storage,
  Transaction,
  ZoneRecord,
  ZonesRepository,
} from '@zonewarden/persistence';
import { Caller, authorize, scopeOf } from '../caller';
import { userActor } from '../changes/actor';
import { RRsetState, ZoneChange } from '../changes/zone-change';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { checkRecordSetQuotas } from '../changes/record-set-writer';
import { badRequest, pageOrMarkerNotFound } from '../common.errors';
import { DomainSettings } from '../domain-settings';
import { QuotasService } from '../quotas/quotas.service';
import { checkMayChangeRecordSet, recordSetCreator } from '../shares/share-rules';
import { checkNotDeleting } from '../zones/zone-rules';
import { ZoneSigningService } from '../dnssec/zone-signing.service';
import { ZonesService } from '../zones/zones.service';
import {
  canonicalRecords,
  checkPlacement,
  checkSiblings,
  recordSetName,
  recordSetType,
} from './recordset-rules';
import { belongsInChildZone, duplicateRecordSet, recordSetNotFound } from './recordsets.errors';

/** What the caller asked for with `X-Designate-Edit-Managed-Records` (admins only), and its request id. */
export interface WriteOptions {
  editManaged: boolean;
  requestId?: string;
}

export interface RecordSetInput {
  name: string;
  type: string;
  records: string[];
  ttl?: number | null;
  description?: string | null;
}

/** A PUT: `name` and `type` may be repeated, not changed. */
export type RecordSetUpdate = Partial<RecordSetInput>;

/** Managed record sets (SOA, apex NS, even when an admin edits them) do not count towards the quotas. */
const countedChange = (set: RecordSetRecord, delta: RecordCountDelta) =>
  set.managed ? NO_COUNT_CHANGE : delta;

/** What a record set holds, as a change records it. */
const stateOf = (set: Pick<RecordSetRecord, 'ttl' | 'records'>): RRsetState => ({
  ttl: set.ttl,
  records: set.records,
});

const immutable = (field: string) =>
  new DomainError(
    'invalid_object',
    `Provided object does not match schema. Keys ['${field}'] are not valid for recordset`,
  );

/**
 * The record set rules. Every change runs in the zone's transaction (its row locked): the zone's serial
 * grows, it becomes `action: UPDATE` and `zone.updated` is announced, so the change propagates; the record
 * set stays PENDING until pool-manager confirms it. A deleted record set is kept, `action: DELETE`, until then.
 */
@Injectable()
export class RecordSetsService {
  constructor(
    private readonly storage: Storage,
    private readonly changes: ZoneChangeWriter,
    private readonly quotas: QuotasService,
    private readonly recordSets: RecordSetsRepository,
    private readonly settings: DomainSettings,
    private readonly signing: ZoneSigningService,
    private readonly zoneStore: ZonesRepository,
    private readonly zones: ZonesService,
  ) {}

  async create(
    caller: Caller,
    zoneId: string,
    input: RecordSetInput,
    options: WriteOptions,
  ): Promise<RecordSetRecord> {
    authorize(caller, 'write');
    checkEditManaged(caller, options);
    const type = recordSetType(input.type);
    if (type === 'SOA') throw badRequest('Creating a SOA recordset is not allowed');
    const name = recordSetName(input.name);
    const records = canonicalRecords(type, input.records);
    const zone = await this.zones.get(caller, zoneId);
    checkRecordSetsWritable(caller, zone);
    checkPlacement(zone, name, type);
    // A record set under an existing child zone belongs to that zone.
    const [child] = await this.zoneStore.liveZoneNames(namesBetween(zone.name, name));
    if (child) throw belongsInChildZone(child);
    const quotas = await this.quotas.of(zone.projectId);
    const newSet = { name, type, records, ttl: input.ttl ?? null, description: input.description ?? null };
    return this.storage.transaction(async (tx) => {
      const locked = await this.zones.lockForRecordSets(tx, caller, zoneId);
      checkNotDeleting(locked);
      const siblings = await this.recordSets.typesAtName(tx, zoneId, name);
      if (siblings.includes(type)) throw duplicateRecordSet();
      checkSiblings(name, type, siblings);
      const rrsets = [{ name, type, before: null, after: stateOf(newSet) }];
      const counted = await checkRecordSetQuotas(tx, this.zoneStore, locked, rrsets, quotas);
      const id = await this.recordSets.insert(tx, locked, {
        ...newSet,
        projectId: recordSetCreator(caller, locked),
      });
      if (id === null) throw duplicateRecordSet();
      const changed = await this.changes.commit(tx, locked, {
        ...this.change(caller, options),
        counted,
        rrsets,
      });
      await this.signing.signChange(tx, changed, [{ name, type }]);
      return this.lock(tx, id);
    });
  }

  /**
   * For a PUT whose body is not a valid record set: the SOA and the apex NS are refused before the body is
   * looked at, as Designate does (Designate's own test sends them a list), so the answer is the same whatever
   * the body.
   */
  async checkUpdatable(caller: Caller, zoneId: string, id: string, options: WriteOptions): Promise<void> {
    authorize(caller, 'write');
    checkEditManaged(caller, options);
    const zone = await this.zones.get(caller, zoneId);
    checkUpdatable(await this.get(caller, id, zoneId), zone.name);
  }

  /** A record set being deleted is still shown (`action: DELETE`) until propagated, unlike in Designate. */
  async get(caller: Caller, id: string, zoneId?: string): Promise<RecordSetRecord> {
    authorize(caller, 'read');
    const recordSet = await this.recordSets.find(scopeOf(caller), id, zoneId);
    if (!recordSet) throw recordSetNotFound();
    if (this.settings.designateBehaviour && recordSet.action === 'DELETE') throw recordSetNotFound();
    return recordSet;
  }

  async list(caller: Caller, zoneId: string | null, query: ListQuery): Promise<Page<RecordSetRecord>> {
    authorize(caller, 'read');
    if (zoneId) await this.zones.get(caller, zoneId);
    return pageOrMarkerNotFound(await this.recordSets.list(scopeOf(caller), zoneId, query), query);
  }

  /** `records`, when given, replaces the set's records. */
  async update(
    caller: Caller,
    zoneId: string,
    id: string,
    update: RecordSetUpdate,
    options: WriteOptions,
  ): Promise<RecordSetRecord> {
    authorize(caller, 'write');
    checkEditManaged(caller, options);
    const zone = await this.zones.get(caller, zoneId);
    checkRecordSetsWritable(caller, zone);
    // The type never changes, so the records can be checked before the write transaction.
    const { type } = await this.get(caller, id, zoneId);
    const records = update.records && type !== 'SOA' ? canonicalRecords(type, update.records) : undefined;
    const quotas = await this.quotas.of(zone.projectId);
    return this.storage.transaction(async (tx) => {
      const { locked, current } = await this.lockForChange(tx, caller, zoneId, id, (current) => {
        checkUpdatable(current, zone.name);
        if (current.managed && !options.editManaged) throw badRequest('Managed records may not be updated');
        if (update.name !== undefined && update.name.toLowerCase() !== current.name) throw immutable('name');
        if (update.type !== undefined && update.type.toUpperCase() !== current.type) throw immutable('type');
      });
      const after = stateOf({
        ttl: update.ttl !== undefined ? update.ttl : current.ttl,
        records: records ?? current.records,
      });
      const rrsets = [{ name: current.name, type: current.type, before: stateOf(current), after }];
      let counted = NO_COUNT_CHANGE;
      if (records) {
        counted = countedChange(
          current,
          await checkRecordSetQuotas(tx, this.zoneStore, locked, rrsets, quotas),
        );
        await this.recordSets.replaceRecords(tx, id, records);
      }
      await this.recordSets.update(tx, id, { ttl: update.ttl, description: update.description });
      const changed = await this.changes.commit(tx, locked, {
        ...this.change(caller, options),
        counted,
        rrsets,
      });
      await this.signing.signChange(tx, changed, [current]);
      return this.lock(tx, id);
    });
  }

  /** Marks the record set deleted (it leaves DNS at once); pool-manager removes the row once propagated. */
  async delete(caller: Caller, zoneId: string, id: string, options: WriteOptions): Promise<RecordSetRecord> {
    authorize(caller, 'write');
    checkEditManaged(caller, options);
    checkRecordSetsWritable(caller, await this.zones.get(caller, zoneId));
    return this.storage.transaction(async (tx) => {
      const { locked, current } = await this.lockForChange(tx, caller, zoneId, id, (current) => {
        if (current.type === 'SOA') throw badRequest('Deleting a SOA recordset is not allowed');
        if (current.managed && !options.editManaged) throw badRequest('Managed records may not be deleted');
      });
      await this.recordSets.markDeleted(tx, id);
      const counted = countedChange(current, { sets: -1, records: -current.records.length });
      const changed = await this.changes.commit(tx, locked, {
        ...this.change(caller, options),
        counted,
        rrsets: [{ name: current.name, type: current.type, before: stateOf(current), after: null }],
      });
      await this.signing.signChange(tx, changed, [current]);
      return this.lock(tx, id);
    });
  }

  /** Who changes the zone's record sets, through the API. */
  private change(caller: Caller, options: WriteOptions): Pick<ZoneChange, 'source' | 'actor'> {
    return { source: 'api', actor: userActor(caller, options.requestId) };
  }

  /**
   * Locks the zone and the record set for a change `allowed` approves (it throws otherwise); a record set
   * being deleted is not found, another project's is not the shared-with caller's to change, and a zone
   * being deleted takes no change.
   */
  private async lockForChange(
    tx: Transaction,
    caller: Caller,
    zoneId: string,
    id: string,
    allowed: (current: RecordSetRecord) => void,
  ): Promise<{ locked: ZoneRecord; current: RecordSetRecord }> {
    const locked = await this.zones.lockForRecordSets(tx, caller, zoneId);
    const current = await this.lock(tx, id, zoneId);
    if (current.action === 'DELETE') throw recordSetNotFound();
    checkMayChangeRecordSet(caller, locked, current);
    allowed(current);
    checkNotDeleting(locked);
    return { locked, current };
  }

  private async lock(tx: Transaction, id: string, zoneId?: string): Promise<RecordSetRecord> {
    const recordSet = await this.recordSets.lock(tx, id, zoneId);
    if (!recordSet) throw recordSetNotFound();
    return recordSet;
  }
}

/** Designate's: the SOA and the zone's own NS record set are never updated, whatever the caller's flags. */
function checkUpdatable(recordSet: RecordSetRecord, zoneName: string): void {
  if (recordSet.type === 'SOA') throw badRequest('Updating SOA recordsets is not allowed');
  if (recordSet.type === 'NS' && recordSet.name === zoneName)
    throw badRequest('Updating a root zone NS record is not allowed');
}

/** The edit-managed flag itself needs the admin role (Designate's `edit_managed_records` policy). */
function checkEditManaged(caller: Caller, options: WriteOptions): void {
  if (options.editManaged && !caller.isAdmin) throw forbidden();
}
