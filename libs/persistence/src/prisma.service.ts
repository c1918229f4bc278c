import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import * as v8 from 'node:v8';
import { Pool, PoolConfig } from 'pg';
import { DatabaseOptions } from '@zonewarden/config';
import { PrismaClient } from './generated/prisma/client';

/** A transaction left waiting this long is ended by the server, which frees its connection and locks. */
const IDLE_IN_TRANSACTION_MS = 60_000;
/** The client gives up a statement this much after the server would have cancelled it. */
const CLIENT_TIMEOUT_MARGIN_MS = 500;

// Prisma's query compiler is WebAssembly, compiled by V8 when the first query runs. With V8's default
// tiering (baseline code, then optimised code of the hot functions, compiled on background threads) it
// costs ~90 MB of RSS per process; baseline code only, ~25 MB, with no measurable loss of throughput
// (docs/footprint.md). Read when a module is compiled, so set before the first query.
v8.setFlagsFromString('--liftoff-only');

/**
 * The database of a process: one pg pool, used by Prisma (through its driver adapter) and directly by
 * the repositories' hot paths, where a prepared statement is ~4× faster than Prisma's query path
 * (docs/persistence.md). Only libs/persistence uses it. Every connection is bounded: connect timeout,
 * statement timeout, idle-in-transaction timeout, TCP keep-alive; `poolSize` bounds them all, dedicated
 * connections (zone locks, the outbox listener) included.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  readonly pg: Pool;
  /** The process's whole budget of connections (DATABASE_POOL_SIZE). */
  readonly poolSize: number;
  private readonly connection: PoolConfig;
  private closed = false;
  private readonly extraPools: Pool[] = [];

  constructor(options: DatabaseOptions) {
    const connection: PoolConfig = {
      connectionString: options.url,
      application_name: options.applicationName,
      connectionTimeoutMillis: options.connectTimeoutMs,
      statement_timeout: options.queryTimeoutMs,
      query_timeout: options.queryTimeoutMs && options.queryTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Sessions run in UTC: `timestamp` columns hold UTC, whatever the server's time zone.
      options: '-c TimeZone=UTC',
    };
    const poolSize = options.poolSize ?? 10;
    // Idle connections close after 5 s: when PostgreSQL is short of them, another process gets its turn.
    const pool = new Pool({ ...connection, max: poolSize, idleTimeoutMillis: 5_000 });
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (error) => new Logger('Database').warn(`idle connection lost: ${error.message}`));
    super({ adapter: new PrismaPg(pool) });
    this.pg = pool;
    this.poolSize = poolSize;
    this.connection = connection;
  }

  /**
   * Takes `count` connections out of the query pool's share of the budget, for the caller to hold itself
   * (a listener, a pool of its own); fails at start-up when nothing would be left for queries.
   */
  reserve(count: number): PoolConfig {
    const left = (this.pg.options.max ?? 0) - count;
    if (left < 1)
      throw new Error(`DATABASE_POOL_SIZE leaves no connection for queries beside ${count} reserved`);
    // pg-pool reads `max` at each checkout, so lowering it before use shrinks the pool.
    this.pg.options.max = left;
    return this.connection;
  }

  /**
   * A separate pool to the same database, for connections held a long time (advisory locks), so that
   * they can never starve the main pool. Counted in the budget; closed with this service.
   */
  dedicatedPool(max: number): Pool {
    const pool = new Pool({ ...this.reserve(max), max });
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
