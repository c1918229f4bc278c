import { Pool } from 'pg';
import { Prisma } from '../generated/prisma/client';
import { query } from '../sql';

/**
 * Collections are paged by keyset on (sort key, id): stable under concurrent inserts and deletes,
 * and as fast on page 1,000 as on page 1. Every collection describes itself with a CollectionSpec;
 * the gateway validates query strings against the same spec.
 */
/**
 * `records`: matches when any record of the record set matches (its `data`); `serial`: a DNS serial (an
 * unsigned 32-bit integer); `since`: a timestamp, matching what is at or after it.
 */
export type FilterKind = 'text' | 'name' | 'int' | 'enum' | 'records' | 'serial' | 'since';

export interface FilterSpec {
  column: string;
  kind: FilterKind;
  /** SQL over `{t}` (the table alias) compared instead of the column: a value shown derived from columns. */
  expression?: string;
  /** Allowed values of an enum filter. */
  values?: readonly string[];
}

export interface CollectionSpec {
  table: string;
  filters: Record<string, FilterSpec>;
  /** API sort key → SQL expression over `{t}` (the table alias). Expressions must be non-null. */
  sortKeys: Record<string, string>;
  defaultSortKey: string;
  /** Never counted: a count would cost what the collection holds, where a keyset page does not. */
  uncounted?: boolean;
}

export interface ListQuery {
  filters: Record<string, string>;
  sortKey: string;
  sortDir: 'asc' | 'desc';
  limit: number;
  marker?: string;
  /** Whether the page carries the collection's size (false: Designate's `OpenStack-DNS-Hide-Counts`). */
  withCount?: boolean;
}

export interface Page<T> {
  items: T[];
  hasMore: boolean;
  /** Absent when not asked for, or when the filtered collection holds more than COUNT_LIMIT items. */
  totalCount?: number;
}

/**
 * A filtered collection is counted up to this many items and no further: the count's cost stays bounded
 * whatever the table holds, and a larger collection's page goes without `total_count`.
 */
export const COUNT_LIMIT = 10_000;

/**
 * Where a collection's items come from: disjoint parts (each a list of conditions on `t`) whose union is
 * the collection, each paged through its own keyset index; `unfilteredCount`, when given, is a statement
 * that returns the collection's size (`total`) from maintained counters, used when no filter applies.
 */
export interface ListSource {
  parts: Prisma.Sql[][];
  unfilteredCount?: Prisma.Sql;
}

const LIKE_SPECIALS = /[\\%_]/g;

/** `*` is the only wildcard; a literal `%` or `_` matches itself. */
export function wildcardToLike(value: string): string {
  return value.replace(LIKE_SPECIALS, (c) => `\\${c}`).replace(/\*/g, '%');
}

function textMatch(column: Prisma.Sql, value: string): Prisma.Sql {
  return value.includes('*')
    ? Prisma.sql`${column} LIKE ${wildcardToLike(value)} ESCAPE '\\'`
    : Prisma.sql`${column} = ${value}`;
}

function filterCondition(spec: FilterSpec, value: string): Prisma.Sql {
  const column = Prisma.raw(spec.expression?.replace(/\{t\}/g, 't') ?? `t.${spec.column}`);
  switch (spec.kind) {
    case 'records':
      return Prisma.sql`EXISTS (SELECT 1 FROM records r WHERE r.recordset_id = t.id AND ${textMatch(Prisma.raw('r.data'), value)})`;
    case 'int':
    case 'serial':
      return Prisma.sql`${column} = ${Number(value)}`;
    case 'since':
      return Prisma.sql`${column} >= ${value}::timestamptz AT TIME ZONE 'UTC'`;
    case 'enum':
      return Prisma.sql`${column}::text = ${value}`;
    case 'name':
      return textMatch(column, value.toLowerCase());
    case 'text':
      return textMatch(column, value);
  }
}

export function whereClause(
  spec: CollectionSpec,
  scope: Prisma.Sql[],
  filters: Record<string, string>,
): Prisma.Sql {
  const conditions = [
    ...scope,
    ...Object.entries(filters).map(([key, value]) => filterCondition(spec.filters[key], value)),
  ];
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

function sortExpression(spec: CollectionSpec, sortKey: string, alias: string): Prisma.Sql {
  return Prisma.raw(spec.sortKeys[sortKey].replace(/\{t\}/g, alias));
}

/** The page query: one row more than the limit, so the caller knows whether more items exist. */
export function pageQuery(
  spec: CollectionSpec,
  columns: Prisma.Sql,
  scope: Prisma.Sql[],
  query: ListQuery,
): Prisma.Sql {
  const sortT = sortExpression(spec, query.sortKey, 't');
  const conditions = [...scope];
  if (query.marker) {
    const sortM = sortExpression(spec, query.sortKey, 'm');
    const op = Prisma.raw(query.sortDir === 'asc' ? '>' : '<');
    const marker = (columns: Prisma.Sql) =>
      Prisma.sql`(SELECT ${columns} FROM ${Prisma.raw(spec.table)} m WHERE m.id = ${query.marker}::uuid)`;
    // The row comparison alone bounds the sort key only where no equality of the part fixes the index's
    // leading column: the plain bound lets the index skip, or rule out, a part's rows before the marker.
    conditions.push(
      Prisma.sql`${sortT} ${op}= ${marker(sortM)}`,
      Prisma.sql`(${sortT}, t.id) ${op} ${marker(Prisma.sql`${sortM}, m.id`)}`,
    );
  }
  return Prisma.sql`SELECT ${columns} FROM ${Prisma.raw(spec.table)} t ${whereClause(spec, conditions, query.filters)}
    ${orderAndLimit(spec, query)}`;
}

function orderAndLimit(spec: CollectionSpec, query: ListQuery): Prisma.Sql {
  const dir = Prisma.raw(query.sortDir === 'asc' ? 'ASC' : 'DESC');
  return Prisma.sql`ORDER BY ${sortExpression(spec, query.sortKey, 't')} ${dir}, t.id ${dir} LIMIT ${query.limit + 1}`;
}

/**
 * The page of a collection made of several parts: each part's page (ids only) through its own index, then
 * the rows of those ids, merged in order. An OR of the parts' conditions would be one scan of the table.
 */
export function mergedPageQuery(
  spec: CollectionSpec,
  columns: Prisma.Sql,
  parts: Prisma.Sql[][],
  query: ListQuery,
): Prisma.Sql {
  if (parts.length === 1) return pageQuery(spec, columns, parts[0], query);
  const ids = parts.map((part) => Prisma.sql`(${pageQuery(spec, Prisma.raw('t.id'), part, query)})`);
  return Prisma.sql`SELECT ${columns} FROM ${Prisma.raw(spec.table)} t
    WHERE t.id IN (${Prisma.join(ids, ' UNION ALL ')}) ${orderAndLimit(spec, query)}`;
}

/** How many of the part's items match the filters, up to COUNT_LIMIT + 1. */
export function countQuery(
  spec: CollectionSpec,
  scope: Prisma.Sql[],
  filters: Record<string, string>,
): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM ${Prisma.raw(spec.table)} t
    ${whereClause(spec, scope, filters)} LIMIT ${COUNT_LIMIT + 1}) counted`;
}

export function toPage<T>(rows: T[], limit: number, totalCount?: number): Page<T> {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit, totalCount };
}

/** The collection's size, when asked for and not beyond COUNT_LIMIT for a filtered one. */
async function totalOf(
  pg: Pool,
  spec: CollectionSpec,
  source: ListSource,
  listQuery: ListQuery,
): Promise<number | undefined> {
  if (listQuery.withCount === false || spec.uncounted) return undefined;
  if (source.unfilteredCount && Object.keys(listQuery.filters).length === 0) {
    const [{ total }] = await query<{ total: number }>(pg, source.unfilteredCount);
    return total;
  }
  const counts = await Promise.all(
    source.parts.map((part) => query<{ total: number }>(pg, countQuery(spec, part, listQuery.filters))),
  );
  const total = counts.reduce((sum, [counted]) => sum + counted.total, 0);
  return total > COUNT_LIMIT ? undefined : total;
}

/**
 * Runs a collection's page and count queries on a pg pool; null when the marker is not in the collection.
 * `scope`: the conditions of a collection in one part.
 */
export async function listPage<T extends object>(
  pg: Pool,
  spec: CollectionSpec,
  columns: Prisma.Sql,
  scope: Prisma.Sql[] | ListSource,
  listQuery: ListQuery,
): Promise<Page<T> | null> {
  const source = Array.isArray(scope) ? { parts: [scope] } : scope;
  if (listQuery.marker) {
    const inPart = (part: Prisma.Sql[]) => Prisma.sql`(${Prisma.join([Prisma.sql`TRUE`, ...part], ' AND ')})`;
    const found = await query(
      pg,
      Prisma.sql`SELECT 1 FROM ${Prisma.raw(spec.table)} t
        WHERE t.id = ${listQuery.marker}::uuid AND (${Prisma.join(source.parts.map(inPart), ' OR ')})`,
    );
    if (found.length === 0) return null;
  }
  const [rows, total] = await Promise.all([
    query<T>(pg, mergedPageQuery(spec, columns, source.parts, listQuery)),
    totalOf(pg, spec, source, listQuery),
  ]);
  return toPage(rows, listQuery.limit, total);
}
