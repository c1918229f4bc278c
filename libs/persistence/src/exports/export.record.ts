import { CollectionSpec } from '../collections/keyset';

export const TASK_STATUSES = ['ACTIVE', 'PENDING', 'DELETED', 'ERROR', 'COMPLETE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface ExportRecord {
  id: string;
  projectId: string;
  zoneId: string;
  status: TaskStatus;
  message: string | null;
  location: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date | null;
}

export const EXPORT_COLLECTION: CollectionSpec = {
  table: 'zone_exports',
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
