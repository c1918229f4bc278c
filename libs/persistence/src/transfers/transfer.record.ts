import { CollectionSpec } from '../collections/keyset';
import { TASK_STATUSES, TaskStatus } from '../exports/export.record';

export interface TransferRequestRecord {
  id: string;
  zoneId: string;
  zoneName: string;
  projectId: string;
  targetProjectId: string | null;
  description: string | null;
  key: string;
  status: TaskStatus;
  createdAt: Date;
  updatedAt: Date | null;
}

export interface TransferAcceptRecord {
  id: string;
  zoneTransferRequestId: string;
  zoneId: string;
  projectId: string;
  status: TaskStatus;
  createdAt: Date;
  updatedAt: Date | null;
}

const TASK_COLLECTION = {
  filters: { status: { column: 'status', kind: 'enum' as const, values: TASK_STATUSES } },
  sortKeys: {
    created_at: '{t}.created_at',
    id: '{t}.id',
    updated_at: "COALESCE({t}.updated_at, '-infinity'::timestamp)",
  },
  defaultSortKey: 'created_at',
};

export const TRANSFER_REQUEST_COLLECTION: CollectionSpec = {
  table: 'zone_transfer_requests',
  ...TASK_COLLECTION,
};
export const TRANSFER_ACCEPT_COLLECTION: CollectionSpec = {
  table: 'zone_transfer_accepts',
  ...TASK_COLLECTION,
};
