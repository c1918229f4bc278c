import { Injectable } from '@nestjs/common';
import { Quotas } from '@zonewarden/config';
import { namesBetween } from '@zonewarden/dns';
import {
  RecordCountDelta,
  RecordSetRecord,
  RecordSetsRepository,
  Transaction,
  ZoneRecord,
  ZonesRepository,
} from '@zonewarden/persistence';
import { ZoneSigningService } from '../dnssec/zone-signing.service';
import { checkZoneContentQuotas } from '../quotas/quota-rules';
import { rrsetKey } from './rrset-states';
import { Actor, ChangeSource, RRsetChange, RRsetState } from './zone-change';
import { CommittedChange, ZoneChangeWriter } from './zone-change-writer';

/**
 * The (locked) zone's content within its quotas once `rrsets` are applied; how its counted sets and records
 * move. Throws over_quota otherwise. The counts are kept in the zone's row by every writer (RecordCountDelta):
 * no counting of a large zone per change.
 */
export async function checkRecordSetQuotas(
  tx: Transaction,
  zoneStore: ZonesRepository,
  zone: ZoneRecord,
  rrsets: RRsetChange[],
  quotas: Quotas,
): Promise<RecordCountDelta> {
  const size = (state: RRsetState | null) => (state ? 1 : 0);
  const records = (state: RRsetState | null) => state?.records.length ?? 0;
  const counted = {
    sets: rrsets.reduce((n, change) => n + size(change.after) - size(change.before), 0),
    records: rrsets.reduce((n, change) => n + records(change.after) - records(change.before), 0),
  };
  const counts = await zoneStore.recordCounts(tx, zone.id);
  checkZoneContentQuotas(quotas, {
    largest: Math.max(0, ...rrsets.map((change) => records(change.after))),
    sets: counts.sets + counted.sets,
    records: counts.records + counted.records,
  });
  return counted;
}

/** Who makes a change of record sets, and what the result must stay within. */
export interface RecordSetWrite {
  source: ChangeSource;
  actor: Actor;
  comment?: string | null;
  /** The project the record sets it creates belong to (their creator's: the zone's, or a share's). */
  creator: string;
  /** The zone's project's limits, checked on the zone as the change leaves it. */
  quotas: Quotas;
}

/**
 * The writing half of every change of several record sets at once — a batch, a revert, a dynamic update —
 * once the caller has planned it on the locked zone: the quotas on the result, the record sets themselves,
 * then the door (one serial bump, one history entry, one announcement) and the touched sets signed anew.
 */
@Injectable()
export class RecordSetWriter {
  constructor(
    private readonly changes: ZoneChangeWriter,
    private readonly recordSets: RecordSetsRepository,
    private readonly signing: ZoneSigningService,
    private readonly zoneStore: ZonesRepository,
  ) {}

  /** The live child zone each of these names belongs in, if any (one look-up for all of them). */
  async childZones(
    zone: Pick<ZoneRecord, 'name'>,
    names: string[],
  ): Promise<(name: string) => string | undefined> {
    const between = new Map(names.map((name) => [name, namesBetween(zone.name, name)]));
    const live = new Set(await this.zoneStore.liveZoneNames([...new Set([...between.values()].flat())]));
    return (name) => (between.get(name) ?? []).find((candidate) => live.has(candidate));
  }

  /**
   * Writes `rrsets` (record sets whose content changes, in name and type order) to the locked `zone`, whose
   * live record sets at their names are `current`. Throws over_quota, before writing anything, when the
   * result would be beyond the quotas.
   */
  async write(
    tx: Transaction,
    zone: ZoneRecord,
    rrsets: RRsetChange[],
    current: RecordSetRecord[],
    how: RecordSetWrite,
  ): Promise<CommittedChange> {
    const counted = await checkRecordSetQuotas(tx, this.zoneStore, zone, rrsets, how.quotas);
    await this.writeRecordSets(tx, zone, rrsets, current, how.creator);
    return this.changes.commitRecorded(
      tx,
      zone,
      { source: how.source, actor: how.actor, rrsets, counted, comment: how.comment ?? null },
      (written) => this.signing.signChange(tx, written, rrsets),
    );
  }

  private async writeRecordSets(
    tx: Transaction,
    zone: ZoneRecord,
    rrsets: RRsetChange[],
    current: RecordSetRecord[],
    creator: string,
  ): Promise<void> {
    const ids = new Map(current.map((set) => [rrsetKey(set.name, set.type), set.id]));
    for (const { name, type, before, after } of rrsets) {
      const id = ids.get(rrsetKey(name, type));
      if (!before || !id) {
        await this.recordSets.insert(tx, zone, {
          name,
          type,
          description: null,
          projectId: creator,
          ...after!,
        });
      } else if (!after) {
        await this.recordSets.markDeleted(tx, id);
      } else {
        await this.recordSets.replaceRecords(tx, id, after.records);
        await this.recordSets.update(tx, id, { ttl: after.ttl });
      }
    }
  }
}
