import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { CollectionSpec, ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';
import { BASE_SORT_KEYS } from '../collections/task-collection';

/** A pool as the API shows it (the pools file's, synchronised into storage). */
export interface PoolInfoRecord {
  id: string;
  name: string;
  description: string | null;
  attributes: Record<string, unknown>;
  nsRecords: { hostname: string; priority: number }[];
  createdAt: Date;
  updatedAt: Date | null;
}

export const POOL_COLLECTION: CollectionSpec = {
  table: 'pools',
  filters: { name: { column: 'name', kind: 'text' } },
  sortKeys: {
    ...BASE_SORT_KEYS,
    name: '{t}.name',
  },
  defaultSortKey: 'created_at',
};

const COLUMNS = Prisma.raw(`t.id, t.name, t.description, t.attributes,
  COALESCE((SELECT json_agg(json_build_object('hostname', n.hostname, 'priority', n.priority)
      ORDER BY n.priority, n.hostname) FROM pool_ns_records n WHERE n.pool_id = t.id), '[]') AS "nsRecords",
  t.created_at AT TIME ZONE 'UTC' AS "createdAt", t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);

/** The API's reads of the pools (pool-manager's are PoolsRepository's `load`). */
@Injectable()
export class PoolCatalogRepository {
  constructor(private readonly prisma: PrismaService) {}

  async find(id: string): Promise<PoolInfoRecord | null> {
    const [row] = await query<PoolInfoRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM pools t WHERE t.id = ${id}::uuid`,
    );
    return row ?? null;
  }

  /** A page; null when the marker is not a pool. */
  list(listQuery: ListQuery): Promise<Page<PoolInfoRecord> | null> {
    return listPage<PoolInfoRecord>(this.prisma.pg, POOL_COLLECTION, COLUMNS, [], listQuery);
  }
}
