import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';

/**
 * Work on one zone never interleaves, across processes: a PostgreSQL advisory lock keyed by the zone
 * id, held for the duration of `work` on a connection of a pool of its own — the work itself queries
 * through the main pool, which held locks must never exhaust. The lock pool is half the process's
 * connection budget (after the outbox listener): as many zones are worked on at once, others wait in
 * memory, so waiting does not hold a connection. `prepare` at start-up takes them out of the budget.
 */
@Injectable()
export class ZoneLocks {
  private readonly local = new Map<string, Promise<unknown>>();
  private lockPool?: Pool;

  constructor(private readonly prisma: PrismaService) {}

  /** Reserves the lock connections; throws (naming DATABASE_POOL_SIZE) when the budget is too small. */
  prepare(): void {
    this.lockPool ??= this.prisma.dedicatedPool(Math.max(1, Math.floor((this.prisma.poolSize - 1) / 2)));
  }

  async withZoneLock<T>(zoneId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.local.get(zoneId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.withDatabaseLock(zoneId, work));
    this.local.set(zoneId, run);
    try {
      return await run;
    } finally {
      if (this.local.get(zoneId) === run) this.local.delete(zoneId);
    }
  }

  private async withDatabaseLock<T>(zoneId: string, work: () => Promise<T>): Promise<T> {
    this.prepare();
    const client = await this.lockPool!.connect();
    let broken: Error | undefined;
    const onError = (error: Error) => (broken = error);
    client.on('error', onError);
    const lock = Prisma.sql`SELECT pg_advisory_lock(hashtextextended(${zoneId}, 0))`;
    try {
      await query(client, lock);
      try {
        return await work();
      } finally {
        await query(client, Prisma.sql`SELECT pg_advisory_unlock(hashtextextended(${zoneId}, 0))`).catch(
          (error: Error) => (broken = error),
        );
      }
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }
}
