import { Injectable } from '@nestjs/common';
import {
  RecordSetRecord,
  RecordSetsRepository,
  Storage,
  ZoneHistoryRepository,
  ZoneRecord,
} from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { badRequest } from '../common.errors';
import { QuotasService } from '../quotas/quotas.service';
import { recordSetName } from '../recordsets/recordset-rules';
import { recordSetCreator, throughShare } from '../shares/share-rules';
import { checkRecordSetsWritable } from '../zones/secondary-zone-rules';
import { checkNotDeleting } from '../zones/zone-rules';
import { ZonesService } from '../zones/zones.service';
import { userActor } from './actor';
import { BatchActionInput, CurrentRRset, MAX_BATCH_ACTIONS, planBatch } from './batch-plan';
import { RevertConflict, changeNotFound, revertConflict } from './changes.errors';
import { RecordSetWriter } from './record-set-writer';
import { rrsetKey, sameState } from './rrset-states';
import { ChangeSource, RRsetChange } from './zone-change';
import { ZoneChangeEntry, withStatus } from './zone-history.service';

export interface BatchInput {
  comment?: string | null;
  changes: BatchActionInput[];
}

/** The sources whose changes are record sets a client chose, which a revert may undo. */
const REVERTIBLE: readonly ChangeSource[] = ['api', 'legacy', 'batch', 'revert', 'update'];

/**
 * Atomic batches of record set changes (Route 53's change batches) and reverts: each validated as a whole
 * with every record set rule, quota and permission, then applied in one transaction through the door —
 * one serial bump, one history entry, one announcement. Batches and single changes of a zone serialise on
 * its row lock.
 */
@Injectable()
export class ZoneBatchService {
  constructor(
    private readonly storage: Storage,
    private readonly history: ZoneHistoryRepository,
    private readonly quotas: QuotasService,
    private readonly recordSets: RecordSetsRepository,
    private readonly writer: RecordSetWriter,
    private readonly zones: ZonesService,
  ) {}

  async apply(
    caller: Caller,
    zoneId: string,
    batch: BatchInput,
    requestId?: string,
  ): Promise<ZoneChangeEntry> {
    authorize(caller, 'write');
    if (batch.changes.length === 0) throw badRequest('A batch needs at least one change');
    if (batch.changes.length > MAX_BATCH_ACTIONS)
      throw badRequest(`A batch takes at most ${MAX_BATCH_ACTIONS} changes, not ${batch.changes.length}`);
    return this.write(caller, await this.zones.get(caller, zoneId), batch.changes, {
      source: 'batch',
      comment: batch.comment ?? null,
      requestId,
    });
  }

  /**
   * A new change that puts back each record set of change `changeId` as it was before it; refused (409,
   * with the conflicting record sets) when any of them changed since.
   */
  async revert(
    caller: Caller,
    zoneId: string,
    changeId: string,
    requestId?: string,
  ): Promise<ZoneChangeEntry> {
    authorize(caller, 'write');
    const zone = await this.zones.get(caller, zoneId);
    const view = throughShare(caller, zone) ? { zoneId, actorProjectId: caller.projectId ?? '' } : { zoneId };
    const reverted = await this.history.find(view, changeId.toLowerCase());
    if (!reverted) throw changeNotFound();
    if (!REVERTIBLE.includes(reverted.source))
      throw badRequest(`A change of source ${reverted.source} is the service's own and cannot be reverted`);
    if (reverted.rrsets.length === 0) throw badRequest('The change touched no record set: nothing to revert');
    const actions = reverted.rrsets.map(({ name, type, before }): BatchActionInput =>
      before === null
        ? { action: 'DELETE', name, type }
        : { action: 'UPSERT', name, type, ttl: before.ttl, records: before.records },
    );
    return this.write(caller, zone, actions, {
      source: 'revert',
      comment: `Revert of change ${reverted.id}`,
      requestId,
      expected: reverted.rrsets,
    });
  }

  /** `zone`: as the caller sees it, read before the transaction (it is locked again inside). */
  private async write(
    caller: Caller,
    zone: ZoneRecord,
    actions: BatchActionInput[],
    how: { source: ChangeSource; comment: string | null; requestId?: string; expected?: RRsetChange[] },
  ): Promise<ZoneChangeEntry> {
    const zoneId = zone.id;
    checkRecordSetsWritable(caller, zone);
    const names = namesOf(actions);
    const childZoneOf = await this.writer.childZones(zone, names);
    const quotas = await this.quotas.of(zone.projectId);
    return this.storage.transaction(async (tx) => {
      const locked = await this.zones.lockForRecordSets(tx, caller, zoneId);
      checkNotDeleting(locked);
      const current = await this.recordSets.liveAtNames(tx, zoneId, names);
      if (how.expected) checkUnchangedSince(how.expected, current);
      const rrsets = planBatch(actions, {
        zoneName: locked.name,
        current: current as CurrentRRset[],
        childZoneOf,
        mayChange: (set) => !throughShare(caller, locked) || set.projectId === caller.projectId,
      });
      const { zone: changed, entry } = await this.writer.write(tx, locked, rrsets, current, {
        source: how.source,
        actor: userActor(caller, how.requestId),
        comment: how.comment,
        creator: recordSetCreator(caller, locked),
        quotas,
      });
      return withStatus(entry, changed);
    });
  }
}

/** The batch's names as record set names (a malformed one is left to the plan, which reports it). */
function namesOf(actions: BatchActionInput[]): string[] {
  const names = new Set<string>();
  for (const action of actions) {
    try {
      names.add(recordSetName(String(action.name)));
    } catch {
      // planBatch reports it at its index
    }
  }
  return [...names];
}

/** A revert undoes a change only where the record sets are still as the change left them. */
function checkUnchangedSince(expected: RRsetChange[], current: RecordSetRecord[]): void {
  const now = new Map(current.map((set) => [rrsetKey(set.name, set.type), set]));
  const conflicts: RevertConflict[] = [];
  for (const { name, type, after } of expected) {
    const set = now.get(rrsetKey(name, type));
    const state = set ? { ttl: set.ttl, records: [...set.records].sort() } : null;
    if (!sameState(state, after)) conflicts.push({ name, type, expected: after, current: state });
  }
  if (conflicts.length) throw revertConflict(conflicts);
}
