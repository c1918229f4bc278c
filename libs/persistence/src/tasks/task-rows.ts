import { QueryResultRow } from 'pg';
import { Prisma } from '../generated/prisma/client';
import { Scope, inScope } from '../access/scope';
import { CollectionSpec, ListQuery, Page, listPage } from '../collections/keyset';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';

/** The reads and the delete that imports and exports share: a caller's rows of one task table. */
export class TaskRows<T extends QueryResultRow> {
  private readonly from: Prisma.Sql;

  constructor(
    private readonly prisma: PrismaService,
    private readonly table: 'zone_imports' | 'zone_exports',
    private readonly columns: Prisma.Sql,
    private readonly collection: CollectionSpec,
  ) {
    this.from = Prisma.raw(`${table} t`);
  }

  async find(scope: Scope, id: string): Promise<T | null> {
    const [row] = await query<T>(
      this.prisma.pg,
      Prisma.sql`SELECT ${this.columns} FROM ${this.from} WHERE t.id = ${id}::uuid AND ${inScope(scope)}`,
      `${this.table}-find`,
    );
    return row ?? null;
  }

  /** A page, or null for a marker that is not in the scope's collection. */
  list(scope: Scope, listQuery: ListQuery): Promise<Page<T> | null> {
    return listPage<T>(this.prisma.pg, this.collection, this.columns, [inScope(scope)], listQuery);
  }

  /** Whether the scope had such a row. */
  async delete(scope: Scope, id: string): Promise<boolean> {
    const rows = await query(
      this.prisma.pg,
      Prisma.sql`DELETE FROM ${this.from} WHERE t.id = ${id}::uuid AND ${inScope(scope)} RETURNING t.id`,
    );
    return rows.length > 0;
  }
}
