import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';

/** A row of zone_changes: the zone named `name` changed in transaction `txid`. */
export interface ZoneChangeRow {
  id: string;
  txid: number;
  name: string;
}

/** Where the change log stands for a reader (transaction ids, as numbers: they stay far below 2^53). */
export interface ZoneChangesPosition {
  /** Every transaction below it has ended: its rows, if committed, are visible to any later read. */
  finishedBelow: number;
  /** Rows of transactions below it may have been pruned. */
  prunedBelow: number;
}

/**
 * The zone change log a trigger on zones writes (see the zone_changes migration): mini-dns reads it to
 * keep its copy of the served zones current, pool-manager prunes it.
 */
@Injectable()
export class ZoneChangesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async position(): Promise<ZoneChangesPosition> {
    const [row] = await query<ZoneChangesPosition>(
      this.prisma.pg,
      Prisma.sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text::float8 AS "finishedBelow",
          (SELECT pruned_below FROM zone_changes_horizon WHERE id = 1)::float8 AS "prunedBelow"`,
      'zone-changes-position',
    );
    return row;
  }

  /** Rows of transactions from `fromTxid` on, in (txid, id) order after `after`, at most `limit`. */
  async page(fromTxid: number, after: ZoneChangeRow | undefined, limit: number): Promise<ZoneChangeRow[]> {
    return query<ZoneChangeRow>(
      this.prisma.pg,
      Prisma.sql`SELECT id::text AS id, txid::float8 AS txid, name FROM zone_changes
        WHERE txid >= ${fromTxid}::bigint AND (txid, id) > (${after?.txid ?? 0}::bigint, ${after?.id ?? '0'}::bigint)
        ORDER BY txid, id LIMIT ${limit}`,
      'zone-changes-page',
    );
  }

  /**
   * Deletes up to `limit` rows older than `before` whose transactions have ended, and moves the prune
   * horizon past them, so that a reader that had not read them yet knows to resynchronise. Returns how
   * many were deleted.
   */
  async prune(before: Date, limit: number): Promise<number> {
    const [row] = await query<{ count: number }>(
      this.prisma.pg,
      Prisma.sql`WITH pruned AS (DELETE FROM zone_changes WHERE id IN (
              SELECT id FROM zone_changes WHERE changed_at < ${before.toISOString()}::timestamptz AT TIME ZONE 'UTC'
                AND txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
              ORDER BY changed_at LIMIT ${limit})
            RETURNING txid),
          moved AS (UPDATE zone_changes_horizon SET pruned_below = greatest(pruned_below, (SELECT max(txid) + 1 FROM pruned))
            WHERE id = 1 AND EXISTS (SELECT 1 FROM pruned))
          SELECT count(*)::int AS count FROM pruned`,
      'zone-changes-prune',
    );
    return row.count;
  }
}
