import { randomUUID } from 'node:crypto';
import { Prisma } from '../generated/prisma/client';
import { CollectionSpec, ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { isUniqueViolation, query } from '../sql';

/** An entry of an operator's catalog: a TLD or a blacklist pattern, with its description. */
export interface CatalogRecord {
  id: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date | null;
}

/** What a PATCH changes: the value (name, pattern) and/or the description. */
export interface CatalogChanges {
  value?: string;
  description?: string | null;
}

/** A catalog's collection: its value filtered with `*` wildcards, sorted as Designate sorts it. */
export function catalogCollection(table: string, column: string): CollectionSpec {
  return {
    table,
    filters: { [column]: { column, kind: 'text' } },
    sortKeys: {
      created_at: '{t}.created_at',
      id: '{t}.id',
      updated_at: "COALESCE({t}.updated_at, '-infinity'::timestamp)",
      [column]: `{t}.${column}`,
    },
    defaultSortKey: 'created_at',
  };
}

/**
 * One catalog table (`id`, a unique value column, `description`, timestamps): reads and writes only.
 * `table` and `column` are the code's own names, never a client's.
 */
export class CatalogTable<R extends CatalogRecord> {
  private readonly columns: Prisma.Sql;

  constructor(
    private readonly prisma: PrismaService,
    readonly collection: CollectionSpec,
    private readonly column: string,
  ) {
    this.columns = Prisma.raw(`t.id, t.${column} AS "${column}", t.description,
      t.created_at AT TIME ZONE 'UTC' AS "createdAt", t.updated_at AT TIME ZONE 'UTC' AS "updatedAt"`);
  }

  private get table(): Prisma.Sql {
    return Prisma.raw(this.collection.table);
  }

  /** The new entry, or null when the value exists already. */
  async insert(value: string, description: string | null): Promise<R | null> {
    const inserted = await this.unlessDuplicate(() =>
      query<R>(
        this.prisma.pg,
        Prisma.sql`INSERT INTO ${this.table} AS t (id, ${Prisma.raw(this.column)}, description)
          VALUES (${randomUUID()}::uuid, ${value}, ${description}) RETURNING ${this.columns}`,
      ),
    );
    return inserted ?? null;
  }

  async find(id: string): Promise<R | null> {
    const [row] = await query<R>(
      this.prisma.pg,
      Prisma.sql`SELECT ${this.columns} FROM ${this.table} t WHERE t.id = ${id}::uuid`,
    );
    return row ?? null;
  }

  /** A page; null when the marker is not in the catalog. */
  list(listQuery: ListQuery): Promise<Page<R> | null> {
    return listPage<R>(this.prisma.pg, this.collection, this.columns, [], listQuery);
  }

  /** The changed entry; null when it does not exist, 'duplicate' when the new value exists already. */
  async update(id: string, changes: CatalogChanges): Promise<R | null | 'duplicate'> {
    const sets = [Prisma.sql`updated_at = now()`];
    if (changes.value !== undefined) sets.push(Prisma.sql`${Prisma.raw(this.column)} = ${changes.value}`);
    if (changes.description !== undefined) sets.push(Prisma.sql`description = ${changes.description}`);
    const updated = await this.unlessDuplicate(() =>
      query<R>(
        this.prisma.pg,
        Prisma.sql`UPDATE ${this.table} AS t SET ${Prisma.join(sets, ', ')} WHERE t.id = ${id}::uuid
          RETURNING ${this.columns}`,
      ),
    );
    return updated === null ? 'duplicate' : (updated ?? null);
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await query(
      this.prisma.pg,
      Prisma.sql`DELETE FROM ${this.table} WHERE id = ${id}::uuid RETURNING id`,
    );
    return deleted.length > 0;
  }

  /** The statement's first row (undefined if none); null on a unique violation of the value. */
  private async unlessDuplicate(statement: () => Promise<R[]>): Promise<R | null | undefined> {
    try {
      return (await statement())[0];
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }
}
