import { CollectionSpec } from '../collections/keyset';
import { BASE_SORT_KEYS } from '../collections/task-collection';

/** Designate's service statuses; DOWN is never stored, it is how a row looks once its heartbeats stop. */
export const SERVICE_STATUSES = ['UP', 'DOWN', 'WARNING'] as const;
export type ServiceStatusValue = (typeof SERVICE_STATUSES)[number];

/** A row is shown DOWN once this many of its own heartbeat intervals passed without a heartbeat. */
export const MISSED_HEARTBEATS_BEFORE_DOWN = 3;

export interface ServiceStatusRecord {
  id: string;
  serviceName: string;
  hostname: string;
  status: ServiceStatusValue;
  stats: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  heartbeatedAt: Date;
  createdAt: Date;
  updatedAt: Date | null;
}

/** What one process reports for one service it stands in for. */
export interface Heartbeat {
  serviceName: string;
  hostname: string;
  processId: number;
  intervalMs: number;
  stats: Record<string, unknown>;
  capabilities: Record<string, unknown>;
}

/** SQL: the row `alias` has missed its heartbeats, its process stopped (or cannot reach storage). */
export const missedHeartbeats = (alias: string) =>
  `${alias}.heartbeated_at < (now() AT TIME ZONE 'UTC')
    - ${alias}.heartbeat_interval_ms * ${MISSED_HEARTBEATS_BEFORE_DOWN} * interval '1 millisecond'`;

/** The rows with the status a reader sees: the stored one, or DOWN past the missed heartbeats. */
const SHOWN = `(SELECT s.*, CASE WHEN ${missedHeartbeats('s')} THEN 'DOWN' ELSE s.status END AS shown_status
  FROM service_statuses s)`;

/** `/v2/service_statuses`: Designate's filters and sort keys (`designate/api/v2/controllers/service_status.py`). */
export const SERVICE_STATUS_COLLECTION: CollectionSpec = {
  table: SHOWN,
  filters: {
    hostname: { column: 'hostname', kind: 'text' },
    service_name: { column: 'service_name', kind: 'text' },
    status: { column: 'shown_status', kind: 'enum', values: SERVICE_STATUSES },
  },
  sortKeys: {
    ...BASE_SORT_KEYS,
    hostname: '{t}.hostname',
    service_name: '{t}.service_name',
    status: '{t}.shown_status',
  },
  defaultSortKey: 'created_at',
};
