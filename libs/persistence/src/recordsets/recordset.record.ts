import { CollectionSpec } from '../collections/keyset';
import { ZONE_STATUSES, ZoneAction, ZoneStatus } from '../zones/zone.record';
import { BASE_SORT_KEYS } from '../collections/task-collection';

export interface RecordSetRecord {
  id: string;
  zoneId: string;
  zoneName: string;
  projectId: string;
  name: string;
  type: string;
  ttl: number | null;
  description: string | null;
  status: ZoneStatus;
  action: ZoneAction;
  managed: boolean;
  version: number;
  records: string[];
  createdAt: Date;
  updatedAt: Date | null;
}

export const RECORDSET_COLLECTION: CollectionSpec = {
  table: 'recordsets',
  filters: {
    name: { column: 'name', kind: 'name' },
    type: { column: 'type', kind: 'text' },
    ttl: { column: 'ttl', kind: 'int' },
    data: { column: 'data', kind: 'records' },
    description: { column: 'description', kind: 'text' },
    status: { column: 'status', kind: 'enum', values: ZONE_STATUSES },
  },
  sortKeys: {
    ...BASE_SORT_KEYS,
    zone_id: '{t}.zone_id',
    tenant_id: '{t}.project_id',
    project_id: '{t}.project_id',
    name: '{t}.name',
    type: '{t}.type',
    ttl: 'COALESCE({t}.ttl, -1)',
  },
  defaultSortKey: 'created_at',
};
