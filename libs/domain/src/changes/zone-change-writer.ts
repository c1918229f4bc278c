import { Injectable } from '@nestjs/common';
import {
  OutboxEntry,
  OutboxWriter,
  SecondaryZonesRepository,
  Transaction,
  TransferredRecordSet,
  ZoneRecord,
  ZonesRepository,
} from '@zonewarden/persistence';
import { zoneCreated, zoneUpdated } from '../events/zone-events';
import { requestIdOf } from './actor';
import { ZoneChange } from './zone-change';

/** What a transfer from a SECONDARY zone's masters brought. */
export interface TransferredContent {
  serial: number;
  recordsets: TransferredRecordSet[];
  /** When the masters are asked again (the SOA's refresh). */
  refreshSeconds: number;
}

/**
 * The one door of a zone's content: every change of a zone's record sets or fields, once its rules are
 * checked on the locked zone, is written here in the caller's transaction — the zone's row (serial,
 * counts, SOA), then what every change leaves behind (its announcement; its history, to come: `record`).
 */
@Injectable()
export class ZoneChangeWriter {
  constructor(
    private readonly zones: ZonesRepository,
    private readonly secondaries: SecondaryZonesRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /**
   * A change of a (locked) zone: its fields and counts, the serial bumped (the SOA follows), `action:
   * UPDATE`, and `zone.updated`. The record sets themselves were written by the caller. The zone as it is now.
   */
  async commit(tx: Transaction, zone: ZoneRecord, change: ZoneChange): Promise<ZoneRecord> {
    const changed = await this.zones.applyChange(tx, zone, change.fields ?? {}, change.counted);
    await this.record(tx, change, zoneUpdated(changed, requestIdOf(change.actor)));
    return changed;
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
    const replaced = await this.secondaries.replaceContent(tx, zone, serial, recordsets, refreshSeconds);
    const announcement = replaced.action === 'CREATE' ? zoneCreated : zoneUpdated;
    await this.record(tx, change, announcement(replaced, requestIdOf(change.actor)));
    return replaced;
  }

  /** What every change leaves behind, in its transaction: its announcement. */
  private async record(tx: Transaction, _change: ZoneChange, announcement: OutboxEntry): Promise<void> {
    await this.outbox.write(tx, announcement);
  }
}
