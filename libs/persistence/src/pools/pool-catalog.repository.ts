import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { CollectionSpec, ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { isUniqueViolation, query, withTransaction } from '../sql';
import { Transaction } from '../transaction';
import { BASE_SORT_KEYS } from '../collections/task-collection';

export interface PoolNsRecordInput {
  hostname: string;
  priority: number;
}

/** A pool created through the API (Designate's deprecated POST /v2/pools): no nameservers nor targets. */
export interface NewPool {
  name: string;
  description: string | null;
  projectId: string | null;
  attributes: Record<string, string>;
  nsRecords: PoolNsRecordInput[];
}

/** What a PATCH changes; `nsRecords` replaces the list. */
export type PoolChanges = Partial<NewPool>;

/** Decides, inside the change's transaction, whether it may go on (throws when not). */
export type PoolChangeGuard = (pool: { hasZones: boolean }) => void;

/** A pool as the API shows it (the pools file's, synchronised into storage, or one created through it). */
export interface PoolInfoRecord {
  id: string;
  name: string;
  description: string | null;
  projectId: string | null;
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

const COLUMNS = Prisma.raw(`t.id, t.name, t.description, t.project_id AS "projectId", t.attributes,
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

  /** The new pool, or null when its name is taken. */
  insert(pool: NewPool): Promise<PoolInfoRecord | null> {
    return onDuplicateName(null, () =>
      withTransaction(this.prisma.pg, async (tx) => {
        const id = randomUUID();
        await query(
          tx,
          Prisma.sql`INSERT INTO pools (id, name, description, project_id, attributes)
            VALUES (${id}::uuid, ${pool.name}, ${pool.description}, ${pool.projectId}, ${JSON.stringify(pool.attributes)}::jsonb)`,
        );
        await insertNsRecords(tx, id, pool.nsRecords);
        return readIn(tx, id);
      }),
    );
  }

  /** The changed pool; null when there is none, 'duplicate' when the new name is taken. */
  update(
    id: string,
    changes: PoolChanges,
    guard: PoolChangeGuard,
  ): Promise<PoolInfoRecord | null | 'duplicate'> {
    return onDuplicateName('duplicate' as const, () =>
      withTransaction(this.prisma.pg, async (tx) => {
        if (!(await lockWithGuard(tx, id, guard))) return null;
        const attributes = changes.attributes === undefined ? null : JSON.stringify(changes.attributes);
        await query(
          tx,
          Prisma.sql`UPDATE pools SET name = COALESCE(${changes.name ?? null}, name),
            description = CASE WHEN ${changes.description !== undefined} THEN ${changes.description ?? null} ELSE description END,
            project_id = CASE WHEN ${changes.projectId !== undefined} THEN ${changes.projectId ?? null} ELSE project_id END,
            attributes = COALESCE(${attributes}::jsonb, attributes), updated_at = now() WHERE id = ${id}::uuid`,
        );
        if (changes.nsRecords) {
          await query(tx, Prisma.sql`DELETE FROM pool_ns_records WHERE pool_id = ${id}::uuid`);
          await insertNsRecords(tx, id, changes.nsRecords);
        }
        return readIn(tx, id);
      }),
    );
  }

  /** Whether the pool was there (its ns records, nameservers, targets and also-notifies go with it). */
  delete(id: string, guard: PoolChangeGuard): Promise<boolean> {
    return withTransaction(this.prisma.pg, async (tx) => {
      if (!(await lockWithGuard(tx, id, guard))) return false;
      await query(tx, Prisma.sql`DELETE FROM pools WHERE id = ${id}::uuid`);
      return true;
    });
  }
}

/** `work`'s result, or `duplicate` when it broke the unique pool name. */
async function onDuplicateName<T, D>(duplicate: D, work: () => Promise<T>): Promise<T | D> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'pools_name_key')) return duplicate;
    throw error;
  }
}

/** Locks the pool and lets the guard judge it (any zone, even one being deleted, references it); false when absent. */
async function lockWithGuard(tx: Transaction, id: string, guard: PoolChangeGuard): Promise<boolean> {
  const [row] = await query<{ hasZones: boolean }>(
    tx,
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM zones z WHERE z.pool_id = p.id) AS "hasZones"
      FROM pools p WHERE p.id = ${id}::uuid FOR UPDATE`,
  );
  if (!row) return false;
  guard(row);
  return true;
}

async function insertNsRecords(tx: Transaction, poolId: string, records: PoolNsRecordInput[]): Promise<void> {
  if (records.length === 0) return;
  await query(
    tx,
    Prisma.sql`INSERT INTO pool_ns_records (id, pool_id, hostname, priority)
      SELECT gen_random_uuid(), ${poolId}::uuid, h, p
      FROM unnest(${records.map((r) => r.hostname)}::text[], ${records.map((r) => r.priority)}::int[]) AS n(h, p)`,
  );
}

async function readIn(tx: Transaction, id: string): Promise<PoolInfoRecord> {
  const [row] = await query<PoolInfoRecord>(
    tx,
    Prisma.sql`SELECT ${COLUMNS} FROM pools t WHERE t.id = ${id}::uuid`,
  );
  return row;
}
