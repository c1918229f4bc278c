import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';
import { Transaction } from '../transaction';
import { ZoneRecord } from './zone.record';
import { ZONE_COLUMNS, ZoneRow, toZoneRecord } from './zone-sql';

/** A record set as a transfer brought it. */
export interface TransferredRecordSet {
  name: string;
  type: string;
  ttl: number;
  records: string[];
}

/**
 * The transfers' side of the zones table (SECONDARY zones): content replaced by a transfer, failures,
 * and the SOA refresh timer. Reads and writes only; the rules are the domain's SecondaryZonesService.
 */
@Injectable()
export class SecondaryZonesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Any SECONDARY zone by id, its row locked for the transaction; null when there is none. */
  async lock(tx: Transaction, id: string): Promise<ZoneRecord | null> {
    const [row] = await query<ZoneRow>(
      tx,
      Prisma.sql`SELECT ${ZONE_COLUMNS} FROM zones t WHERE t.id = ${id}::uuid AND t.type = 'SECONDARY' FOR UPDATE`,
      'secondary-zone-lock',
    );
    return row ? toZoneRecord(row) : null;
  }

  /** A live SECONDARY zone by name (for a NOTIFY), or null. */
  async findLiveByName(name: string): Promise<ZoneRecord | null> {
    const [row] = await query<ZoneRow>(
      this.prisma.pg,
      Prisma.sql`SELECT ${ZONE_COLUMNS} FROM zones t
        WHERE t.name = ${name} AND t.type = 'SECONDARY' AND t.status <> 'DELETED' AND t.action <> 'DELETE'`,
      'secondary-zone-by-name',
    );
    return row ? toZoneRecord(row) : null;
  }

  /** The zone's record sets as they stand (what a transfer replaces), in name and type order. */
  async content(tx: Transaction, zoneId: string): Promise<TransferredRecordSet[]> {
    return query<TransferredRecordSet>(
      tx,
      Prisma.sql`SELECT s.name, s.type, s.ttl, COALESCE((SELECT array_agg(r.data ORDER BY r.data) FROM records r
          WHERE r.recordset_id = s.id), '{}') AS records
        FROM recordsets s WHERE s.zone_id = ${zoneId}::uuid ORDER BY s.name, s.type`,
      'secondary-content',
    );
  }

  /**
   * Replaces the zone's record sets with the transferred ones (the SOA and apex NS managed) and takes the
   * masters' serial: `action` CREATE after the first transfer, else UPDATE. The zone as it is now.
   */
  async replaceContent(
    tx: Transaction,
    zone: ZoneRecord,
    serial: number,
    recordsets: TransferredRecordSet[],
    refreshSeconds: number,
  ): Promise<ZoneRecord> {
    await query(tx, Prisma.sql`DELETE FROM recordsets WHERE zone_id = ${zone.id}::uuid`, 'secondary-clear');
    const managed = recordsets.map(
      (set) => set.type === 'SOA' || (set.type === 'NS' && set.name === zone.name),
    );
    await query(
      tx,
      Prisma.sql`WITH sets AS (
          SELECT gen_random_uuid() AS id, name, type, ttl, managed, records
          FROM unnest(${recordsets.map((s) => s.name)}::text[], ${recordsets.map((s) => s.type)}::text[],
            ${recordsets.map((s) => s.ttl)}::int[], ${managed}::boolean[], ${recordsets.map((s) => JSON.stringify(s.records))}::jsonb[])
            AS s(name, type, ttl, managed, records)),
        inserted AS (INSERT INTO recordsets (id, zone_id, project_id, name, type, ttl, managed, status, action)
          SELECT id, ${zone.id}::uuid, ${zone.projectId}, name, type, ttl, managed, 'PENDING', 'CREATE' FROM sets)
        INSERT INTO records (id, recordset_id, data)
          SELECT gen_random_uuid(), sets.id, data FROM sets, jsonb_array_elements_text(sets.records) AS data`,
      'secondary-insert',
    );
    const counted = recordsets.filter((_, i) => !managed[i]);
    const action = zone.transferredAt ? 'UPDATE' : 'CREATE';
    const [row] = await query<ZoneRow>(
      tx,
      Prisma.sql`UPDATE zones AS t SET serial = ${serial}, status = 'PENDING', action = ${action}::"ZoneAction",
          action_at = now(), error_reason = NULL, transferred_at = now(), updated_at = now(), version = version + 1,
          refresh_at = now() + make_interval(secs => ${refreshSeconds}::double precision),
          recordset_count = ${counted.length}::int, record_count = ${counted.reduce((n, s) => n + s.records.length, 0)}::int
        WHERE id = ${zone.id}::uuid RETURNING ${ZONE_COLUMNS}`,
      'secondary-transferred',
    );
    return toZoneRecord(row);
  }

  /** A new description (the one thing of a SECONDARY zone its owner changes); the zone as it is now. */
  async describe(tx: Transaction, id: string, description: string | null | undefined): Promise<ZoneRecord> {
    const [row] = await query<ZoneRow>(
      tx,
      Prisma.sql`UPDATE zones AS t SET description = CASE WHEN ${description !== undefined} THEN ${description ?? null} ELSE description END,
          version = version + 1, updated_at = now()
        WHERE id = ${id}::uuid RETURNING ${ZONE_COLUMNS}`,
      'secondary-describe',
    );
    return toZoneRecord(row);
  }

  /** The masters have nothing newer: check again after `refreshSeconds`. */
  async scheduleRefresh(tx: Transaction, id: string, refreshSeconds: number): Promise<void> {
    await query(
      tx,
      Prisma.sql`UPDATE zones SET refresh_at = now() + make_interval(secs => ${refreshSeconds}::double precision) WHERE id = ${id}::uuid`,
      'secondary-schedule',
    );
  }

  /** The transfer failed: ERROR with the reason, tried again after `retrySeconds`. */
  async markFailed(tx: Transaction, id: string, reason: string, retrySeconds: number): Promise<void> {
    await query(
      tx,
      Prisma.sql`UPDATE zones SET status = 'ERROR', error_reason = ${reason.slice(0, 1000)},
          refresh_at = now() + make_interval(secs => ${retrySeconds}::double precision)
        WHERE id = ${id}::uuid`,
      'secondary-failed',
    );
  }

  /**
   * Claims up to `limit` live SECONDARY zones whose refresh is due, each left alone for `claimSeconds`
   * (its transfer runs meanwhile); their ids. Concurrent workers take different ones.
   */
  async claimDueRefreshes(tx: Transaction, limit: number, claimSeconds: number): Promise<string[]> {
    const due = await query<{ id: string }>(
      tx,
      Prisma.sql`UPDATE zones SET refresh_at = now() + make_interval(secs => ${claimSeconds}::double precision) WHERE id IN (
          SELECT id FROM zones WHERE type = 'SECONDARY' AND refresh_at <= now() AND action <> 'DELETE'
          ORDER BY refresh_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      'secondary-claim-due',
    );
    return due.map((row) => row.id);
  }
}
