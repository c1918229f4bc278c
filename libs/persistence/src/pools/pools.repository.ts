import { Injectable } from '@nestjs/common';
import { PoolConfig } from '@zonewarden/config';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query, withTransaction } from '../sql';
import { Transaction } from '../transaction';
import { syncCatalogZone } from '../catalog-zones/catalog-zones-sync';

export interface HostPort {
  host: string;
  port: number;
}

export interface PoolTargetRecord {
  id: string;
  type: string;
  options: Record<string, unknown>;
}

/** Everything pool-manager needs to push a zone of this pool. */
export interface PoolRecord {
  id: string;
  name: string;
  nsRecords: { hostname: string; priority: number }[];
  nameservers: HostPort[];
  targets: PoolTargetRecord[];
  alsoNotifies: HostPort[];
}

export interface PoolNsRecordRecord {
  id: string;
  hostname: string;
  priority: number;
  createdAt: Date;
  updatedAt: Date | null;
}

@Injectable()
export class PoolsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Makes storage match the pool configuration; running it again changes nothing. */
  async sync(pools: PoolConfig[]): Promise<void> {
    await withTransaction(this.prisma.pg, async (tx) => {
      for (const pool of pools) {
        const id = pool.id;
        await query(
          tx,
          Prisma.sql`INSERT INTO pools (id, name, description) VALUES (${id}::uuid, ${pool.name}, ${pool.description ?? null})
            ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description`,
        );
        // NS records keep their ids (and creation times) across synchronisations; the rest is replaced.
        const nsRecords = pool.ns_records.map(({ hostname, priority }) => ({ hostname, priority }));
        await query(
          tx,
          Prisma.sql`DELETE FROM pool_ns_records WHERE pool_id = ${id}::uuid
            AND hostname <> ALL(${nsRecords.map((ns) => ns.hostname)}::text[])`,
        );
        await query(
          tx,
          Prisma.sql`INSERT INTO pool_ns_records (id, pool_id, hostname, priority)
            SELECT gen_random_uuid(), ${id}::uuid, hostname, priority
              FROM json_to_recordset(${JSON.stringify(nsRecords)}::json) AS n(hostname text, priority int)
            ON CONFLICT (pool_id, hostname) DO UPDATE SET priority = EXCLUDED.priority`,
        );
        await replaceRows(
          tx,
          id,
          'pool_nameservers',
          pool.nameservers.map(({ host, port }) => ({ host, port })),
        );
        await replaceRows(
          tx,
          id,
          'pool_also_notifies',
          pool.also_notifies.map(({ host, port }) => ({ host, port })),
        );
        await query(tx, Prisma.sql`DELETE FROM pool_targets WHERE pool_id = ${id}::uuid`);
        const targets = pool.targets.map((t) => ({
          type: t.type,
          description: t.description ?? null,
          options: t.options ?? {},
        }));
        await query(
          tx,
          Prisma.sql`INSERT INTO pool_targets (id, pool_id, type, description, options)
            SELECT gen_random_uuid(), ${id}::uuid, type, description, options
              FROM json_to_recordset(${JSON.stringify(targets)}::json) AS t(type text, description text, options jsonb)`,
        );
        await syncCatalogZone(tx, id, pool.catalog_zone);
      }
    });
  }

  async nsRecords(poolId: string): Promise<PoolNsRecordRecord[]> {
    return query<PoolNsRecordRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT id, hostname, priority, created_at AT TIME ZONE 'UTC' AS "createdAt",
          updated_at AT TIME ZONE 'UTC' AS "updatedAt"
        FROM pool_ns_records WHERE pool_id = ${poolId}::uuid ORDER BY priority, hostname`,
      'pool-ns-records',
    );
  }

  async ids(): Promise<string[]> {
    return (await query<{ id: string }>(this.prisma.pg, Prisma.sql`SELECT id FROM pools`)).map(
      (pool) => pool.id,
    );
  }

  /**
   * One statement, so one connection: Prisma runs an `include`'s relation queries at once, each on a
   * connection of its own, which fails every time when PostgreSQL has no connection to spare (seen in the
   * connection-shortage e2e test: a zone never converged while the others held theirs).
   */
  async load(poolId: string): Promise<PoolRecord | null> {
    const [pool] = await query<PoolRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT p.id, p.name,
        COALESCE((SELECT json_agg(json_build_object('hostname', n.hostname, 'priority', n.priority)
          ORDER BY n.priority, n.hostname) FROM pool_ns_records n WHERE n.pool_id = p.id), '[]') AS "nsRecords",
        COALESCE((SELECT json_agg(json_build_object('host', s.host, 'port', s.port) ORDER BY s.host, s.port)
          FROM pool_nameservers s WHERE s.pool_id = p.id), '[]') AS nameservers,
        COALESCE((SELECT json_agg(json_build_object('id', t.id, 'type', t.type, 'options', t.options) ORDER BY t.id)
          FROM pool_targets t WHERE t.pool_id = p.id), '[]') AS targets,
        COALESCE((SELECT json_agg(json_build_object('host', a.host, 'port', a.port) ORDER BY a.host, a.port)
          FROM pool_also_notifies a WHERE a.pool_id = p.id), '[]') AS "alsoNotifies"
        FROM pools p WHERE p.id = ${poolId}::uuid`,
      'pool-load',
    );
    return pool ?? null;
  }
}

/** Replaces a pool's host:port rows (nameservers, also-notifies) with `rows`. */
async function replaceRows(
  tx: Transaction,
  poolId: string,
  table: 'pool_nameservers' | 'pool_also_notifies',
  rows: HostPort[],
): Promise<void> {
  await query(tx, Prisma.sql`DELETE FROM ${Prisma.raw(table)} WHERE pool_id = ${poolId}::uuid`);
  await query(
    tx,
    Prisma.sql`INSERT INTO ${Prisma.raw(table)} (id, pool_id, host, port)
      SELECT gen_random_uuid(), ${poolId}::uuid, host, port FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(host text, port int)`,
  );
}
