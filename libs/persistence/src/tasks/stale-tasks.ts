import { Prisma } from '../generated/prisma/client';
import { query } from '../sql';
import { Transaction } from '../transaction';

/**
 * Inside the caller's transaction: takes up to `limit` tasks (imports or exports) PENDING with no request
 * written for `seconds`, and marks them requested now. Rows are locked with SKIP LOCKED, so several
 * zone-workers share the sweep, and an import being carried out (its row locked) is left to it; the caller
 * writes their request events to the outbox.
 */
export function claimStaleTasks<R extends { id: string }>(
  tx: Transaction,
  table: 'zone_imports' | 'zone_exports',
  columns: string,
  seconds: number,
  limit: number,
): Promise<R[]> {
  return query<R>(
    tx,
    Prisma.sql`UPDATE ${Prisma.raw(table)} SET requested_at = now() AT TIME ZONE 'UTC'
      WHERE id IN (SELECT id FROM ${Prisma.raw(table)}
        WHERE status = 'PENDING' AND requested_at < now() AT TIME ZONE 'UTC' - make_interval(secs => ${seconds})
        ORDER BY requested_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING ${Prisma.raw(columns)}`,
  );
}
