import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PoolConfig } from '@zonewarden/config';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';

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
    await this.prisma.$transaction(async (tx) => {
      for (const pool of pools) {
        await tx.pool.upsert({
          where: { id: pool.id },
          create: { id: pool.id, name: pool.name, description: pool.description ?? null },
          update: { name: pool.name, description: pool.description ?? null },
        });
        const hostnames = pool.ns_records.map((ns) => ns.hostname);
        await tx.poolNsRecord.deleteMany({ where: { poolId: pool.id, hostname: { notIn: hostnames } } });
        for (const ns of pool.ns_records) {
          await tx.poolNsRecord.upsert({
            where: { poolId_hostname: { poolId: pool.id, hostname: ns.hostname } },
            create: { id: randomUUID(), poolId: pool.id, hostname: ns.hostname, priority: ns.priority },
            update: { priority: ns.priority },
          });
        }
        await tx.poolNameserver.deleteMany({ where: { poolId: pool.id } });
        await tx.poolNameserver.createMany({
          data: pool.nameservers.map((ns) => ({ id: randomUUID(), poolId: pool.id, ...ns })),
        });
        await tx.poolAlsoNotify.deleteMany({ where: { poolId: pool.id } });
        await tx.poolAlsoNotify.createMany({
          data: pool.also_notifies.map((n) => ({ id: randomUUID(), poolId: pool.id, ...n })),
        });
        await tx.poolTarget.deleteMany({ where: { poolId: pool.id } });
        await tx.poolTarget.createMany({
          data: pool.targets.map((t) => ({
            id: randomUUID(),
            poolId: pool.id,
            type: t.type,
            description: t.description ?? null,
            options: (t.options ?? {}) as object,
          })),
        });
      }
    });
  }

  async nsRecords(poolId: string): Promise<PoolNsRecordRecord[]> {
    const records = await this.prisma.poolNsRecord.findMany({
      where: { poolId },
      orderBy: [{ priority: 'asc' }, { hostname: 'asc' }],
    });
    return records.map(({ id, hostname, priority, createdAt, updatedAt }) => ({
      id,
      hostname,
      priority,
      createdAt,
      updatedAt,
    }));
  }

  async ids(): Promise<string[]> {
    return (await this.prisma.pool.findMany({ select: { id: true } })).map((pool) => pool.id);
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
