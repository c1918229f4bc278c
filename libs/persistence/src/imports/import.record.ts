import { CollectionSpec } from '../collections/keyset';
import { TASK_STATUSES, TaskStatus } from '../exports/export.record';

export interface ImportRecord {
  id: string;
  projectId: string;
  status: TaskStatus;
  message: string | null;
  zoneId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date | null;
}

export const IMPORT_COLLECTION: CollectionSpec = {
  table: 'zone_imports',
  filters: {
    status: { column: 'status', kind: 'enum', values: TASK_STATUSES },
    message: { column: 'message', kind: 'text' },
    zone_id: { column: 'zone_id::text', kind: 'text' },
  },
  sortKeys: {
    created_at: '{t}.created_at',
    id: '{t}.id',
    updated_at: "COALESCE({t}.updated_at, '-infinity'::timestamp)",
  },
  defaultSortKey: 'created_at',
};
