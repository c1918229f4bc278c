import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';
import { Transaction } from '../transaction';
import { PoolMoveStage, ZoneRecord } from './zone.record';
import { ZONE_COLUMNS, ZoneRow, toZoneRecord } from './zone-sql';

/**
 * pool-manager's side of the zones table: the state of a zone's propagation to the pool's targets
 * (read any zone, confirm, fail, purge, reclaim). The API's side is ZonesRepository.
 */
@Injectable()
export class ZonePropagationRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Any zone by id, whoever owns it, or null (also for an export's completion). */
  async findById(id: string): Promise<ZoneRecord | null> {
    const [row] = await query<ZoneRow>(
      this.prisma.pg,
      Prisma.sql`SELECT ${ZONE_COLUMNS} FROM zones t WHERE t.id = ${id}::uuid`,
      'zone-find-by-id',
    );
    return row ? toZoneRecord(row) : null;
  }

  /**
   * Every target serves the zone at `serial`: the pending create/update is done, and the serial is kept as
   * the zone's propagated one (its history's changes up to it are ACTIVE), and a pool move is over. A newer
   * change made meanwhile (another serial) keeps its own pending action. Returns whether the zone was updated.
   */
  async markPropagated(tx: Transaction, id: string, serial: number): Promise<boolean> {
    const rows = await query(
      tx,
      Prisma.sql`UPDATE zones SET action = 'NONE', status = 'ACTIVE', error_reason = NULL, propagated_serial = serial,
          previous_pool_id = NULL, pool_move_stage = NULL
        WHERE id = ${id}::uuid AND serial = ${serial} AND action IN ('CREATE', 'UPDATE') RETURNING id`,
      'zone-mark-propagated',
    );
    if (rows.length === 0) return false;
    // Every record set change is part of the serial just confirmed (each change bumps it).
    await query(
      tx,
      Prisma.sql`DELETE FROM recordsets WHERE zone_id = ${id}::uuid AND action = 'DELETE'`,
      'recordsets-purge-deleted',
    );
    await query(
      tx,
      Prisma.sql`UPDATE recordsets SET status = 'ACTIVE', action = 'NONE' WHERE zone_id = ${id}::uuid AND action <> 'NONE'`,
      'recordsets-mark-propagated',
    );
    return true;
  }

  /** A pool move goes on to its next stage (from `stage` only: another process may have moved it on). */
  async advancePoolMove(
    tx: Transaction,
    id: string,
    stage: PoolMoveStage,
    next: PoolMoveStage,
  ): Promise<ZoneRecord | null> {
    const [row] = await query<ZoneRow>(
      tx,
      Prisma.sql`UPDATE zones t SET pool_move_stage = ${next} WHERE t.id = ${id}::uuid AND t.pool_move_stage = ${stage}
        RETURNING ${ZONE_COLUMNS}`,
      'zone-advance-pool-move',
    );
    return row ? toZoneRecord(row) : null;
  }

  /** Propagation gave up for now: ERROR with a reason for operators; the action stays pending. */
  async markError(id: string, action: ZoneRecord['action'], serial: number, reason: string): Promise<void> {
    await query(
      this.prisma.pg,
      Prisma.sql`UPDATE zones SET status = 'ERROR', error_reason = ${reason.slice(0, 1000)}, action_at = now()
        WHERE id = ${id}::uuid AND action = ${action}::"ZoneAction" AND serial = ${serial}`,
      'zone-mark-error',
    );
  }

  /** A deleted zone left every target: removes it and its record sets from storage; the zone removed, or null. */
  async purge(tx: Transaction, id: string): Promise<ZoneRecord | null> {
    const [row] = await query<ZoneRow>(
      tx,
      Prisma.sql`DELETE FROM zones t WHERE t.id = ${id}::uuid AND t.action = 'DELETE' RETURNING ${ZONE_COLUMNS}`,
      'zone-purge',
    );
    return row ? toZoneRecord(row) : null;
  }

  /**
   * Claims zones whose action has been pending since before `pendingSince` (oldest first) for a
   * reconciler: their action_at is moved to now, so concurrent reconcilers take different zones. A
   * SECONDARY zone never transferred has nothing to propagate yet (its transfer is zone-worker's), but its
   * delete is driven as any other.
   */
  async claimStale(pendingSince: Date, limit: number): Promise<string[]> {
    const rows = await query<{ id: string }>(
      this.prisma.pg,
      Prisma.sql`UPDATE zones SET action_at = now() WHERE id IN (
          SELECT id FROM zones WHERE action <> 'NONE' AND (type <> 'SECONDARY' OR transferred_at IS NOT NULL OR action = 'DELETE') AND action_at < ${pendingSince.toISOString()}::timestamptz AT TIME ZONE 'UTC'
          ORDER BY action_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      'zone-claim-stale',
    );
    return rows.map((row) => row.id);
  }
}
