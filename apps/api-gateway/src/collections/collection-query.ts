import type { Request } from 'express';
import { DomainError } from '@zonewarden/contracts';
import { CollectionSpec, ListQuery } from '@zonewarden/persistence';
import { isUuid } from '../common/http/uuid.pipe';

export interface PageLimits {
  defaultLimit: number;
  maxLimit: number;
}

/** Query keys every collection understands besides its filters. */
const PAGING_KEYS = new Set(['limit', 'marker', 'sort_key', 'sort_dir']);
/** Consumed by the AuthGuard, not filters. */
const CONTEXT_KEYS = new Set(['all_projects', 'all_tenants']);

const bad = (type: string, message: string) => new DomainError(400, type, message);

function parseLimit(raw: string | undefined, limits: PageLimits): number {
  if (raw === undefined) return limits.defaultLimit;
  if (raw.toLowerCase() === 'max') return limits.maxLimit;
  const limitError = bad('invalid_limit', `limit should be an integer between 1 and ${limits.maxLimit}`);
  if (!/^\d{1,15}$/.test(raw)) throw limitError;
  const limit = Number(raw);
  if (limit < 1) throw limitError;
  return Math.min(limit, limits.maxLimit);
}

function checkFilterValue(spec: CollectionSpec, key: string, value: string): void {
  const filter = spec.filters[key];
  if (filter.kind === 'int' && !/^-?\d{1,10}$/.test(value)) {
    throw bad('bad_request', `Invalid value for filter ${key}: '${value}' is not an integer`);
  }
  if (filter.kind === 'enum' && !filter.values?.includes(value)) {
    throw bad(
      'bad_request',
      `Invalid value for filter ${key}: '${value}' is not one of ${filter.values?.join(', ')}`,
    );
  }
}

/**
 * Reads marker/limit/sort_key/sort_dir and the collection's filters from a query string, with
 * Designate's error types; anything unknown or repeated is refused rather than ignored.
 */
export function parseCollectionQuery(
  query: Request['query'],
  spec: CollectionSpec,
  limits: PageLimits,
): ListQuery {
  const values: Record<string, string> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (CONTEXT_KEYS.has(key)) continue;
    if (typeof value !== 'string') throw bad('bad_request', `Duplicate filters ${key}`);
    if (!PAGING_KEYS.has(key) && !(key in spec.filters)) unknown.push(key);
    values[key] = value;
  }
  if (unknown.length) throw bad('bad_request', `Invalid filters ${unknown.join(', ')}`);

  const sortKey = values.sort_key ?? spec.defaultSortKey;
  if (!(sortKey in spec.sortKeys)) {
    throw bad(
      'invalid_sort_key',
      `sort key must be one of [${Object.keys(spec.sortKeys)
        .map((k) => `'${k}'`)
        .join(', ')}]`,
    );
  }
  const sortDir = values.sort_dir ?? 'asc';
  if (sortDir !== 'asc' && sortDir !== 'desc')
    throw bad('invalid_sort_dir', "Unknown sort direction, must be 'desc' or 'asc'");
  const marker = values.marker;
  if (marker !== undefined && !isUuid(marker))
    throw bad('invalid_marker', `Invalid marker '${marker}': not a UUID`);

  const filters: Record<string, string> = {};
  for (const key of Object.keys(spec.filters)) {
    if (values[key] === undefined) continue;
    checkFilterValue(spec, key, values[key]);
    filters[key] = values[key];
  }
  return {
    filters,
    sortKey,
    sortDir,
    limit: parseLimit(values.limit, limits),
    marker: marker?.toLowerCase(),
  };
}
