import { CollectionSpec, FilterSpec } from './keyset';

/** Designate's task statuses (imports, exports, transfer requests and accepts). */
export const TASK_STATUSES = ['ACTIVE', 'PENDING', 'DELETED', 'ERROR', 'COMPLETE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The sort keys every Designate collection has: creation, id, update (never-updated rows first). */
export const BASE_SORT_KEYS: Record<string, string> = {
  created_at: '{t}.created_at',
  id: '{t}.id',
  updated_at: "COALESCE({t}.updated_at, '-infinity'::timestamp)",
};

/** A task collection: filter `status` (and `extraFilters`), sort by creation, id or update. */
export function taskCollection(table: string, extraFilters: Record<string, FilterSpec> = {}): CollectionSpec {
  return {
    table,
    filters: { status: { column: 'status', kind: 'enum', values: TASK_STATUSES }, ...extraFilters },
    sortKeys: BASE_SORT_KEYS,
    defaultSortKey: 'created_at',
  };
}

/** Imports and exports also filter by message and zone. */
export const MESSAGE_AND_ZONE_FILTERS: Record<string, FilterSpec> = {
  message: { column: 'message', kind: 'text' },
  zone_id: { column: 'zone_id::text', kind: 'text' },
};
