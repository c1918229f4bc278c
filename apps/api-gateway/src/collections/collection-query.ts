import type { Request } from 'express';
import { CollectionSpec, FilterSpec, ListQuery } from '@zonewarden/persistence';
import { MAX_SERIAL } from '@zonewarden/dns';
import { quote } from '@zonewarden/domain';
import { HttpError } from '../common/errors/http-error';
import { isUuid } from '../common/http/uuid.pipe';

export interface PageLimits {
  defaultLimit: number;
  maxLimit: number;
  /** An enum filter's unknown value matches nothing (Designate) rather than being refused (400). */
  unknownEnumMatchesNothing?: boolean;
}

/** The gateway's page limits and filter leniency, from its configuration. */
export function collectionOptions(config: {
  DEFAULT_PAGE_LIMIT: number;
  MAX_PAGE_LIMIT: number;
  DESIGNATE_STATUS_CODES: boolean;
}): PageLimits {
  return {
    defaultLimit: config.DEFAULT_PAGE_LIMIT,
    maxLimit: config.MAX_PAGE_LIMIT,
    unknownEnumMatchesNothing: config.DESIGNATE_STATUS_CODES,
  };
}

/** Query keys every collection understands besides its filters. */
const PAGING_KEYS = new Set(['limit', 'marker', 'sort_key', 'sort_dir']);
/** Consumed by the AuthGuard, not filters. */
const CONTEXT_KEYS = new Set(['all_projects', 'all_tenants']);
/** `int` filters compare with PostgreSQL `integer` columns: a value outside their range is refused here. */
const INT_COLUMN = { min: -2147483648, max: 2147483647 };

const bad = (type: string, message: string) => new HttpError(400, type, message);

/**
 * A collection's filter or sort expression for a key from the client, or undefined. The specs are plain
 * objects: `key in spec` or `spec[key]` would also find `constructor`, `toString`, `__proto__`.
 */
const own = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

function parseLimit(raw: string | undefined, limits: PageLimits): number {
  if (raw === undefined) return limits.defaultLimit;
  if (raw.toLowerCase() === 'max') return limits.maxLimit;
  // Any number of digits: a limit beyond the maximum (even beyond 2^53) is clamped, not refused.
  const limit = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1))
    throw bad(
      'invalid_limit',
      `limit should be an integer between 1 and ${limits.maxLimit}, not ${quote(raw)}`,
    );
  return Math.min(limit, limits.maxLimit);
}

/** A UTC timestamp as the API writes them (time, seconds and fraction optional; a trailing Z allowed). */
const TIMESTAMP = /^(\d{4}-\d\d-\d\d)(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?Z?)?$/;

/** A real day (no 30 February: JavaScript would roll it over, PostgreSQL refuses it), from year 1. */
function isTimestamp(value: string): boolean {
  const day = TIMESTAMP.exec(value)?.[1];
  if (!day || day.startsWith('0000')) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

function checkFilterValue(filter: FilterSpec, key: string, value: string): void {
  if (filter.kind === 'int') {
    const number = /^-?\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(number >= INT_COLUMN.min && number <= INT_COLUMN.max)) {
      throw bad(
        'bad_request',
        `Invalid value for filter ${key}: ${quote(value)} is not an integer from ${INT_COLUMN.min} to ${INT_COLUMN.max}`,
      );
    }
  }
  if (filter.kind === 'serial' && !(/^\d{1,10}$/.test(value) && Number(value) <= MAX_SERIAL)) {
    throw bad(
      'bad_request',
      `Invalid value for filter ${key}: ${quote(value)} is not a serial (0 to ${MAX_SERIAL})`,
    );
  }
  if (filter.kind === 'since' && !isTimestamp(value)) {
    throw bad(
      'bad_request',
      `Invalid value for filter ${key}: ${quote(value)} is not a timestamp (YYYY-MM-DDTHH:MM:SS[.ffffff], UTC)`,
    );
  }
  if (filter.kind === 'enum' && !filter.values?.includes(value)) {
    throw bad(
      'bad_request',
      `Invalid value for filter ${key}: ${quote(value)} is not one of ${filter.values?.join(', ')}`,
    );
  }
}

/** Designate's header asking for collections without `metadata.total_count` (they are not counted). */
export const HIDE_COUNTS_HEADER = 'openstack-dns-hide-counts';

/**
 * Reads marker/limit/sort_key/sort_dir and the collection's filters from the request's query string (or
 * `query`, the query string less what the caller consumed), with Designate's error types; anything unknown
 * or repeated is refused rather than ignored. `OpenStack-DNS-Hide-Counts: true` leaves the count out.
 */
export function parseCollectionQuery(
  req: Pick<Request, 'query' | 'headers'>,
  spec: CollectionSpec,
  limits: PageLimits,
  query: Request['query'] = req.query,
): ListQuery {
  const values = new Map<string, string>();
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (CONTEXT_KEYS.has(key)) continue;
    if (typeof value !== 'string') throw bad('bad_request', `Duplicate filters ${quote(key)}`);
    if (!PAGING_KEYS.has(key) && !own(spec.filters, key)) unknown.push(quote(key));
    values.set(key, value);
  }
  if (unknown.length) throw bad('bad_request', `Invalid filters ${unknown.join(', ')}`);

  const sortKey = values.get('sort_key') ?? spec.defaultSortKey;
  if (own(spec.sortKeys, sortKey) === undefined) {
    const keys = Object.keys(spec.sortKeys).map((k) => `'${k}'`);
    throw bad(
      'invalid_sort_key',
      `Invalid sort_key ${quote(sortKey)}: sort key must be one of [${keys.join(', ')}]`,
    );
  }
  const sortDir = values.get('sort_dir') ?? 'asc';
  if (sortDir !== 'asc' && sortDir !== 'desc') {
    throw bad(
      'invalid_sort_dir',
      `Invalid sort_dir ${quote(sortDir)}: unknown sort direction, must be 'desc' or 'asc'`,
    );
  }
  const marker = values.get('marker');
  if (marker !== undefined && !isUuid(marker))
    throw bad('invalid_marker', `Invalid marker ${quote(marker)}: not a UUID`);

  const filters: Record<string, string> = {};
  for (const [key, filter] of Object.entries(spec.filters)) {
    const value = values.get(key);
    if (value === undefined) continue;
    if (!(filter.kind === 'enum' && limits.unknownEnumMatchesNothing)) checkFilterValue(filter, key, value);
    filters[key] = value;
  }
  return {
    filters,
    sortKey,
    sortDir,
    limit: parseLimit(values.get('limit'), limits),
    marker: marker?.toLowerCase(),
    withCount: String(req.headers[HIDE_COUNTS_HEADER]).toLowerCase() !== 'true',
  };
}
