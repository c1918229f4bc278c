import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PoolConfig } from '@zonewarden/config';
import { PrismaService } from '../prisma.service';

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

  async load(poolId: string): Promise<PoolRecord | null> {
    const pool = await this.prisma.pool.findUnique({
      where: { id: poolId },
      include: {
        nsRecords: { orderBy: { priority: 'asc' } },
        nameservers: true,
        targets: true,
        alsoNotifies: true,
      },
    });
    if (!pool) return null;
    return {
      id: pool.id,
      name: pool.name,
      nsRecords: pool.nsRecords.map(({ hostname, priority }) => ({ hostname, priority })),
      nameservers: pool.nameservers.map(({ host, port }) => ({ host, port })),
      targets: pool.targets.map(({ id, type, options }) => ({
        id,
        type,
        options: options as Record<string, unknown>,
      })),
      alsoNotifies: pool.alsoNotifies.map(({ host, port }) => ({ host, port })),
    };
  }
}
