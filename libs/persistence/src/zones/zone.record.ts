import { CollectionSpec } from '../collections/keyset';
import { BASE_SORT_KEYS } from '../collections/task-collection';

export type ZoneStatus = 'ACTIVE' | 'PENDING' | 'ERROR' | 'DELETED';
export type ZoneAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'NONE';
export type ZoneType = 'PRIMARY' | 'SECONDARY' | 'CATALOG';

export interface ZoneRecord {
  id: string;
  projectId: string;
  poolId: string;
  /** Lower case: what every comparison, index and DNS answer uses. */
  name: string;
  /** The name in the letter case it was given (the API's create, an import's zonefile), as Designate shows it. */
  writtenName: string;
  email: string;
  ttl: number;
  serial: number;
  /** The serial every nameserver of the pool was last confirmed to serve; null before the first. */
  propagatedSerial: number | null;
  status: ZoneStatus;
  action: ZoneAction;
  type: ZoneType;
  description: string | null;
  masters: string[];
  attributes: Record<string, string>;
  version: number;
  errorReason: string | null;
  createdAt: Date;
  updatedAt: Date | null;
  transferredAt: Date | null;
  /** Whether the zone is shared with any other project. */
  shared: boolean;
  /** A pool move under way (POOL_MOVE_STAGES): the pool the zone leaves; null otherwise. */
  previousPoolId: string | null;
  poolMoveStage: PoolMoveStage | null;
}

/**
 * How far a pool move is: the old pool's catalog points to the new one (change of ownership, RFC 9432
 * §5.6), the zone is listed in both catalogs, it has left the old one (its old targets are being emptied).
 */
export const POOL_MOVE_STAGES = { ownershipAnnounced: 1, listedInBoth: 2, leftOldPool: 3 } as const;
export type PoolMoveStage = (typeof POOL_MOVE_STAGES)[keyof typeof POOL_MOVE_STAGES];

export const ZONE_STATUSES = ['ACTIVE', 'PENDING', 'ERROR', 'DELETED'] as const;
export const ZONE_TYPES = ['PRIMARY', 'SECONDARY', 'CATALOG'] as const;

/**
 * A zone's status as text, spelled out label by label: an enum's `::text` is not immutable, so no index
 * could serve it. This expression and SHOWN_STATUS below are indexed as they are (migration
 * `zone_storage_at_scale`, with `project_id` first and alone): change them together.
 */
const STATUS_TEXT = `(CASE {t}.status WHEN 'ACTIVE' THEN 'ACTIVE' WHEN 'PENDING' THEN 'PENDING' WHEN 'ERROR' THEN 'ERROR' ELSE 'DELETED' END)`;

export const ZONE_COLLECTION: CollectionSpec = {
  table: 'zones',
  filters: {
    name: { column: 'name', kind: 'name' },
    email: { column: 'email', kind: 'text' },
    ttl: { column: 'ttl', kind: 'int' },
    description: { column: 'description', kind: 'text' },
    status: { column: 'status', kind: 'enum', values: ZONE_STATUSES },
    type: { column: 'type', kind: 'enum', values: ZONE_TYPES },
  },
  sortKeys: {
    ...BASE_SORT_KEYS,
    name: '{t}.name',
    tenant_id: '{t}.project_id',
    project_id: '{t}.project_id',
    serial: '{t}.serial',
    ttl: '{t}.ttl',
    status: STATUS_TEXT,
  },
  defaultSortKey: 'created_at',
};

/**
 * Designate shows a zone whose create or update has not propagated `PENDING` (stored `ACTIVE` with its
 * action, the seed's way); with Designate's behaviour the `status` filter and sort read what is shown.
 */
const SHOWN_STATUS = `(CASE WHEN {t}.status = 'ACTIVE' AND {t}.action IN ('CREATE', 'UPDATE') THEN 'PENDING' ELSE ${STATUS_TEXT} END)`;

export const DESIGNATE_ZONE_COLLECTION: CollectionSpec = {
  ...ZONE_COLLECTION,
  filters: {
    ...ZONE_COLLECTION.filters,
    status: { ...ZONE_COLLECTION.filters.status, expression: SHOWN_STATUS },
  },
  sortKeys: { ...ZONE_COLLECTION.sortKeys, status: SHOWN_STATUS },
};
