import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TSIG_ALGORITHMS, TsigAlgorithm, TsigKey } from '@zonewarden/dns';
import { Prisma } from '../generated/prisma/client';
import { CollectionSpec, ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { isUniqueViolation, query, withTransaction } from '../sql';
import { Queryable } from '../transaction';
import { BASE_SORT_KEYS } from '../collections/task-collection';
import { TsigSecrets } from './tsig-secrets';

export const TSIGKEY_SCOPES = ['POOL', 'ZONE'] as const;
export type TsigKeyScope = (typeof TSIGKEY_SCOPES)[number];

export interface TsigKeyRecord {
  id: string;
  name: string;
  algorithm: string;
  secret: string;
  scope: TsigKeyScope;
  resourceId: string;
  createdAt: Date;
  updatedAt: Date | null;
}

export type NewTsigKey = Pick<TsigKeyRecord, 'name' | 'algorithm' | 'secret' | 'scope' | 'resourceId'>;
export type TsigKeyChanges = Partial<NewTsigKey>;

/** A stored key as the TSIG code signs with it; undefined for an algorithm it does not know. */
export function signingKey(record: TsigKeyRecord | null): TsigKey | undefined {
  if (!record || !(record.algorithm in TSIG_ALGORITHMS)) return undefined;
  return { name: record.name, algorithm: record.algorithm as TsigAlgorithm, secret: record.secret };
}

export const TSIGKEY_COLLECTION: CollectionSpec = {
  table: 'tsigkeys',
  filters: {
    name: { column: 'name', kind: 'text' },
    algorithm: { column: 'algorithm', kind: 'text' },
    scope: { column: 'scope', kind: 'enum', values: TSIGKEY_SCOPES },
  },
  sortKeys: {
    ...BASE_SORT_KEYS,
    name: '{t}.name',
  },
  defaultSortKey: 'created_at',
};

const COLUMNS = Prisma.raw(`t.id, t.name, t.algorithm, t.secret, t.scope::text AS scope,
  t.resource_id AS "resourceId", t.created_at AT TIME ZONE 'UTC' AS "createdAt",
  t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);

/**
 * TSIG keys (an admin resource: no project scope). Null answers a missing key or a taken name. Secrets are
 * sealed on every write and opened on every read (TsigSecrets): callers only ever see them in the clear.
 */
@Injectable()
export class TsigKeysRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly secrets: TsigSecrets,
  ) {}

  async list(listQuery: ListQuery): Promise<Page<TsigKeyRecord> | null> {
    const page = await listPage<TsigKeyRecord>(this.prisma.pg, TSIGKEY_COLLECTION, COLUMNS, [], listQuery);
    return page && { ...page, items: page.items.map((row) => this.opened(row)) };
  }

  /** Every key (a server verifying signed requests looks them up by name). */
  async all(): Promise<TsigKeyRecord[]> {
    const rows = await query<TsigKeyRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM tsigkeys t ORDER BY t.created_at, t.id`,
      'tsigkey-all',
    );
    return rows.map((row) => this.opened(row));
  }

  /**
   * The keys a transfer of the zone `name` may be signed with: the zone's own and its pool's. None means
   * the zone's transfers need no key.
   */
  async forZoneName(name: string): Promise<TsigKeyRecord[]> {
    const rows = await query<TsigKeyRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM tsigkeys t JOIN zones z
          ON (t.scope = 'ZONE' AND t.resource_id = z.id) OR (t.scope = 'POOL' AND t.resource_id = z.pool_id)
        WHERE z.name = ${name} AND z.status <> 'DELETED'`,
      'tsigkey-for-zone-name',
    );
    return rows.map((row) => this.opened(row));
  }

  async find(id: string): Promise<TsigKeyRecord | null> {
    const [row] = await query<TsigKeyRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${COLUMNS} FROM tsigkeys t WHERE t.id = ${id}::uuid`,
      'tsigkey-find',
    );
    return row ? this.opened(row) : null;
  }

  /** The key a transfer of the zone uses: the zone's own, else its pool's (the oldest of each). */
  async forZone(db: Queryable, zone: { id: string; poolId: string }): Promise<TsigKeyRecord | null> {
    const [row] = await query<TsigKeyRecord>(
      db,
      Prisma.sql`SELECT ${COLUMNS} FROM tsigkeys t
        WHERE (t.scope = 'ZONE' AND t.resource_id = ${zone.id}::uuid) OR (t.scope = 'POOL' AND t.resource_id = ${zone.poolId}::uuid)
        ORDER BY t.scope DESC, t.created_at LIMIT 1`,
      'tsigkey-for-zone',
    );
    return row ? this.opened(row) : null;
  }

  async insert(key: NewTsigKey): Promise<TsigKeyRecord | null> {
    const id = randomUUID();
    return this.unlessNameTaken(async () => {
      const [row] = await query<TsigKeyRecord>(
        this.prisma.pg,
        Prisma.sql`INSERT INTO tsigkeys AS t (id, name, algorithm, secret, scope, resource_id)
          VALUES (${id}::uuid, ${key.name}, ${key.algorithm}, ${this.secrets.seal(key.secret, id)}, ${key.scope}::"TsigKeyScope", ${key.resourceId}::uuid)
          RETURNING ${COLUMNS}`,
        'tsigkey-insert',
      );
      return this.opened(row);
    });
  }

  /**
   * The updated key; undefined when there is no such key, null when the new name is taken. The secret is
   * sealed again, new or not: a plain one (stored before encryption was set up) or one under an older
   * encryption key is then under the current one.
   */
  async update(id: string, changes: TsigKeyChanges): Promise<TsigKeyRecord | null | undefined> {
    return this.unlessNameTaken(() =>
      withTransaction(this.prisma.pg, async (db) => {
        const [current] = await query<{ secret: string }>(
          db,
          Prisma.sql`SELECT secret FROM tsigkeys WHERE id = ${id}::uuid FOR UPDATE`,
          'tsigkey-lock',
        );
        if (!current) return undefined;
        const secret = this.secrets.seal(changes.secret ?? this.secrets.open(current.secret, id), id);
        const [row] = await query<TsigKeyRecord>(
          db,
          Prisma.sql`UPDATE tsigkeys AS t SET name = COALESCE(${changes.name ?? null}, name),
            algorithm = COALESCE(${changes.algorithm ?? null}, algorithm), secret = ${secret},
            scope = COALESCE(${changes.scope ?? null}::"TsigKeyScope", scope),
            resource_id = COALESCE(${changes.resourceId ?? null}::uuid, resource_id), updated_at = now()
          WHERE t.id = ${id}::uuid RETURNING ${COLUMNS}`,
          'tsigkey-update',
        );
        return this.opened(row);
      }),
    );
  }

  async delete(id: string): Promise<boolean> {
    const rows = await query(
      this.prisma.pg,
      Prisma.sql`DELETE FROM tsigkeys WHERE id = ${id}::uuid RETURNING id`,
      'tsigkey-delete',
    );
    return rows.length > 0;
  }

  private opened(row: TsigKeyRecord): TsigKeyRecord {
    return { ...row, secret: this.secrets.open(row.secret, row.id) };
  }

  private async unlessNameTaken<T>(write: () => Promise<T>): Promise<T | null> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'tsigkeys_name_key')) return null;
      throw error;
    }
  }
}
