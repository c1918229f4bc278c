import { Pool } from 'pg';
import { Prisma } from '../generated/prisma/client';
import { query } from '../sql';

/**
 * Collections are paged by keyset on (sort key, id): stable under concurrent inserts and deletes,
 * and as fast on page 1,000 as on page 1. Every collection describes itself with a CollectionSpec;
 * the gateway validates query strings against the same spec.
 */
/** `records`: matches when any record of the record set matches (its `data`). */
export type FilterKind = 'text' | 'name' | 'int' | 'enum' | 'records';

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
}

export interface ListQuery {
  filters: Record<string, string>;
  sortKey: string;
  sortDir: 'asc' | 'desc';
  limit: number;
  marker?: string;
}

export interface Page<T> {
  items: T[];
  hasMore: boolean;
  totalCount: number;
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
      return Prisma.sql`${column} = ${Number(value)}`;
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
    conditions.push(
      Prisma.sql`(${sortT}, t.id) ${op} (SELECT ${sortM}, m.id FROM ${Prisma.raw(spec.table)} m WHERE m.id = ${query.marker}::uuid)`,
    );
  }
  const dir = Prisma.raw(query.sortDir === 'asc' ? 'ASC' : 'DESC');
  return Prisma.sql`SELECT ${columns} FROM ${Prisma.raw(spec.table)} t ${whereClause(spec, conditions, query.filters)}
    ORDER BY ${sortT} ${dir}, t.id ${dir} LIMIT ${query.limit + 1}`;
}

export function countQuery(
  spec: CollectionSpec,
  scope: Prisma.Sql[],
  filters: Record<string, string>,
): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS total FROM ${Prisma.raw(spec.table)} t ${whereClause(spec, scope, filters)}`;
}

export function toPage<T>(rows: T[], limit: number, totalCount: number): Page<T> {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit, totalCount };
}

/** Runs a collection's page and count queries on a pg pool; null when the marker is not in the collection. */
export async function listPage<T extends object>(
  pg: Pool,
  spec: CollectionSpec,
  columns: Prisma.Sql,
  scope: Prisma.Sql[],
  listQuery: ListQuery,
): Promise<Page<T> | null> {
  if (listQuery.marker) {
    const conditions = Prisma.join([Prisma.sql`t.id = ${listQuery.marker}::uuid`, ...scope], ' AND ');
    const found = await query(pg, Prisma.sql`SELECT 1 FROM ${Prisma.raw(spec.table)} t WHERE ${conditions}`);
    if (found.length === 0) return null;
  }
  const [rows, counted] = await Promise.all([
    query<T>(pg, pageQuery(spec, columns, scope, listQuery)),
    query<{ total: number }>(pg, countQuery(spec, scope, listQuery.filters)),
  ]);
  return toPage(rows, listQuery.limit, counted[0].total);
}
