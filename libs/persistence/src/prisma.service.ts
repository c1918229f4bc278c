import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from './generated/prisma/client';

export interface DatabaseOptions {
  url: string;
  /** Connections in this process's pool. */
  poolSize?: number;
}

/**
 * The database of a process: one pg pool, used by Prisma (through its driver adapter) and directly by
 * the repositories' hot paths, where a prepared statement is ~4× faster than Prisma's query path
 * (docs/persistence.md). Only libs/persistence uses it.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  readonly pg: Pool;
  private closed = false;
  private readonly extraPools: Pool[] = [];

  constructor(options: DatabaseOptions) {
    // Sessions run in UTC: `timestamp` columns hold UTC, whatever the server's time zone.
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: '-c TimeZone=UTC',
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (error) => new Logger('Database').warn(`idle connection lost: ${error.message}`));
    super({ adapter: new PrismaPg(pool) });
    this.pg = pool;
  }

  /**
   * A separate pool to the same database, for connections held a long time (advisory locks), so that
   * they can never starve the main pool. Closed with this service.
   */
  dedicatedPool(max: number): Pool {
    const pool = new Pool({ ...this.pg.options, max });
    pool.on('error', (error) => new Logger('Database').warn(`idle connection lost: ${error.message}`));
    this.extraPools.push(pool);
    return pool;
  }

  /** Resolves when the database answers within `timeoutMs`, for readiness checks (a hung server fails too). */
  async ping(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([this.pg.query('SELECT 1'), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Ends Prisma's use of the pool, then the pools themselves. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.$disconnect();
    await Promise.all([this.pg, ...this.extraPools].map((pool) => pool.end()));
  }

  /** Last: whatever runs on storage stops before, in `beforeApplicationShutdown` (relay, sweeps, DNS). */
  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
