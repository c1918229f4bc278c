import { Injectable } from '@nestjs/common';
import {
  OutboxEntry,
  OutboxWriter,
  SecondaryZonesRepository,
  Transaction,
  TransferredRecordSet,
  ZoneHistoryRecord,
  ZoneHistoryRepository,
  ZoneRecord,
  ZonesRepository,
} from '@zonewarden/persistence';
import { zoneCreated, zoneUpdated } from '../events/zone-events';
import { requestIdOf } from './actor';
import { historyEntry } from './history-entry';
import { byNameAndType, contentDifference } from './rrset-states';
import { RRsetChange, ZoneChange } from './zone-change';

/** What a transfer from a SECONDARY zone's masters brought. */
export interface TransferredContent {
  serial: number;
  recordsets: TransferredRecordSet[];
  /** When the masters are asked again (the SOA's refresh). */
  refreshSeconds: number;
}

/** Work on a zone just changed, in the change's transaction: the record sets it changed too, if any. */
export type AfterWrite = (changed: ZoneRecord) => Promise<RRsetChange[] | void>;

/** A change as written: the zone as it now is, and the change's entry in its history. */
export interface CommittedChange {
  zone: ZoneRecord;
  entry: ZoneHistoryRecord;
}

/**
 * The one door of a zone's content: every change of a zone's record sets or fields, once its rules are
 * checked on the locked zone, is written here in the caller's transaction — the zone's row (serial,
 * counts, SOA), then what every change leaves behind: its announcement and its history entry (`record`).
 */
@Injectable()
export class ZoneChangeWriter {
  constructor(
    private readonly zones: ZonesRepository,
    private readonly secondaries: SecondaryZonesRepository,
    private readonly outbox: OutboxWriter,
    private readonly history: ZoneHistoryRepository,
  ) {}

  /**
   * A change of a (locked) zone: its fields and counts, the serial bumped (the SOA follows), `action:
   * UPDATE`, and `zone.updated`. The record sets themselves were written by the caller. The zone as it is now.
   */
  async commit(
    tx: Transaction,
    zone: ZoneRecord,
    change: ZoneChange,
    then?: AfterWrite,
  ): Promise<ZoneRecord> {
    return (await this.commitRecorded(tx, zone, change, then)).zone;
  }

  /**
   * `commit`, with the change's history entry (a batch answers with it). `then`: work on the zone as changed
   * that must follow its new serial (signing it), whose record set changes the entry lists too.
   */
  async commitRecorded(
    tx: Transaction,
    zone: ZoneRecord,
    change: ZoneChange,
    then?: AfterWrite,
  ): Promise<CommittedChange> {
    const changed = await this.zones.applyChange(tx, zone, change.fields ?? {}, change.counted);
    const more = (await then?.(changed)) ?? [];
    const complete = more.length
      ? { ...change, rrsets: [...change.rrsets, ...more].sort(byNameAndType) }
      : change;
    const entry = await this.record(
      tx,
      zone,
      changed,
      complete,
      zoneUpdated(changed, requestIdOf(change.actor)),
    );
    return { zone: changed, entry };
  }

  /**
   * A change that leaves the zone's content and serial as they are (a transfer between projects, a SECONDARY
   * zone's creation before its first transfer): its history entry, with no announcement.
   */
  async recordOnly(
    tx: Transaction,
    before: ZoneRecord | null,
    after: ZoneRecord,
    change: ZoneChange,
  ): Promise<ZoneHistoryRecord> {
    return this.history.insert(tx, historyEntry(change, before, after));
  }

  /**
   * A zone created in the transaction with all its content (an import's): `zone.created`, and the first
   * entry of its history, whose record sets are the zone's content as it now stands, each created.
   */
  async created(tx: Transaction, zone: ZoneRecord, change: ZoneChange): Promise<ZoneHistoryRecord> {
    await this.outbox.write(tx, zoneCreated(zone, requestIdOf(change.actor)));
    return this.history.insert(tx, historyEntry(change, null, zone), true);
  }

  /**
   * A (locked) SECONDARY zone's content replaced by what its masters sent: `zone.created` after its first
   * transfer, `zone.updated` after the others. The zone as it is now.
   */
  async replace(
    tx: Transaction,
    zone: ZoneRecord,
    content: TransferredContent,
    change: ZoneChange,
  ): Promise<ZoneRecord> {
    const { serial, recordsets, refreshSeconds } = content;
    const rrsets = contentDifference(await this.secondaries.content(tx, zone.id), recordsets);
    change = { ...change, rrsets };
    const replaced = await this.secondaries.replaceContent(tx, zone, serial, recordsets, refreshSeconds);
    const announcement = replaced.action === 'CREATE' ? zoneCreated : zoneUpdated;
    await this.record(tx, zone, replaced, change, announcement(replaced, requestIdOf(change.actor)));
    return replaced;
  }

  /** What every change leaves behind, in its transaction: its announcement and its history entry. */
  private async record(
    tx: Transaction,
    before: ZoneRecord,
    after: ZoneRecord,
    change: ZoneChange,
    announcement: OutboxEntry,
  ): Promise<ZoneHistoryRecord> {
    await this.outbox.write(tx, announcement);
    return this.history.insert(tx, historyEntry(change, before, after));
  }
}
