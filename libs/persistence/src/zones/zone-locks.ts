import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { Pool, PoolClient } from 'pg';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';

/** A zone locked by another process is tried again after this, doubling up to BUSY_RETRY_MAX_MS. */
const BUSY_RETRY_MS = 5;
const BUSY_RETRY_MAX_MS = 200;

/** The lock connection while locks are taken or held on it. */
interface Session {
  client: Promise<PoolClient>;
  /** Lock attempts and held locks on it; at 0 it goes back to its pool. */
  users: number;
  /** Its connection failed: its locks are gone, and it is released as broken. */
  broken?: Error;
  /** Its statements, one after another. */
  queue: Promise<unknown>;
  /** A checked-out client has no error listener of the pool's: a connection dying would be unhandled. */
  onError: (error: Error) => void;
}

/**
 * Work on one zone never interleaves, across processes: a PostgreSQL advisory lock keyed by the zone id,
 * held for the duration of `work`. Every lock the process holds is a session lock on one connection of a
 * pool of its own (a session holds any number of them; the work itself queries through the main pool),
 * taken with `pg_try_advisory_lock`, so a zone locked by another process never blocks that connection:
 * its work waits in memory and tries again. The number of zones worked on at once is thus not bounded
 * by connections (one connection per held lock made it half of DATABASE_POOL_SIZE). Within the process,
 * work on one zone is chained in memory. If the lock connection fails, its locks go with it (as they did
 * with a connection per lock): work under way finishes, and the next lock opens a new connection.
 */
@Injectable()
export class ZoneLocks {
  private readonly local = new Map<string, Promise<unknown>>();
  private lockPool?: Pool;
  private session?: Session;

  constructor(private readonly prisma: PrismaService) {}

  /** Reserves the lock connection; throws (naming DATABASE_POOL_SIZE) when the budget is too small. */
  prepare(): void {
    this.lockPool ??= this.prisma.dedicatedPool(1);
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
    const key = Prisma.sql`hashtextextended(${zoneId}, 0)`;
    for (let delay = BUSY_RETRY_MS; ; delay = Math.min(delay * 2, BUSY_RETRY_MAX_MS)) {
      const session = this.join();
      try {
        const [{ locked }] = await this.run<{ locked: boolean }>(
          session,
          Prisma.sql`SELECT pg_try_advisory_lock(${key}) AS locked`,
        );
        if (locked) {
          try {
            return await work();
          } finally {
            // A failed session took its locks with it: nothing to unlock.
            if (!session.broken)
              await this.run(session, Prisma.sql`SELECT pg_advisory_unlock(${key})`).catch(() => undefined);
          }
        }
      } finally {
        this.leave(session);
      }
      await sleep(delay);
    }
  }

  /** The current lock session, opened when there is none. */
  private join(): Session {
    this.prepare();
    if (!this.session) {
      const session: Session = {
        client: this.lockPool!.connect(),
        users: 0,
        queue: Promise.resolve(),
        onError: (error) => this.fail(session, error),
      };
      session.client.then((client) => client.on('error', session.onError), session.onError);
      this.session = session;
    }
    this.session.users++;
    return this.session;
  }

  private leave(session: Session): void {
    if (--session.users > 0) return;
    if (this.session === session) this.session = undefined;
    void session.client.then(
      (client) => {
        client.off('error', session.onError);
        client.release(session.broken);
      },
      () => undefined,
    );
  }

  /** Runs a statement on the session after those before it (one query at a time on a connection). */
  private run<R extends object>(session: Session, statement: Prisma.Sql): Promise<R[]> {
    const result = session.queue.then(async () => query<R>(await session.client, statement));
    session.queue = result.catch(() => undefined);
    return result.catch((error: Error) => {
      this.fail(session, error);
      throw error;
    });
  }

  /** The session's locks are gone: later locks open a new one. */
  private fail(session: Session, error: Error): void {
    session.broken ??= error;
    if (this.session === session) this.session = undefined;
  }
}
