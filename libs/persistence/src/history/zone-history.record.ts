import { CollectionSpec } from '../collections/keyset';

export const CHANGE_SOURCES = [
  'api',
  'legacy',
  'import',
  'transfer',
  'batch',
  'revert',
  'update',
  'dnssec',
  'secondary',
  'pool_move',
] as const;
export type ChangeSourceName = (typeof CHANGE_SOURCES)[number];

/** A record set as one side of a change has it. */
export interface RRsetStateRecord {
  ttl: number | null;
  records: string[];
}

export interface RRsetChangeRecord {
  name: string;
  type: string;
  before: RRsetStateRecord | null;
  after: RRsetStateRecord | null;
}

/** Who made a change, as the history shows it (snake case: stored as the API renders it). */
export interface ChangeActorRecord {
  user_id: string | null;
  project_id: string | null;
  roles: string[];
  request_id: string | null;
  key_name: string | null;
}

/** A zone's own fields a change set, before and after (a PATCH). */
export interface ZoneFieldsChangeRecord {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** One entry of a zone's history. */
export interface ZoneHistoryRecord {
  id: string;
  zoneId: string;
  source: ChangeSourceName;
  actorProjectId: string | null;
  actor: ChangeActorRecord;
  comment: string | null;
  /** Null for the change that made the zone. */
  previousSerial: number | null;
  serial: number;
  rrsets: RRsetChangeRecord[];
  fields: ZoneFieldsChangeRecord | null;
  soaAfter: string | null;
  createdAt: Date;
}

/** An entry to write: its id, time and SOA are the repository's. */
export type NewZoneHistoryEntry = Omit<ZoneHistoryRecord, 'id' | 'createdAt' | 'soaAfter'>;

/** The entry of a zone's creation, written with the zone (its serials are the new zone's). */
export type ZoneCreationEntry = Pick<NewZoneHistoryEntry, 'source' | 'actorProjectId' | 'actor' | 'comment'>;

/** A zone's history: filters by source, serial and time, pages by time or by serial (keyset, any depth). */
export const ZONE_HISTORY_COLLECTION: CollectionSpec = {
  table: 'zone_history',
  filters: {
    source: { column: 'source', kind: 'enum', values: CHANGE_SOURCES },
    serial: { column: 'serial', kind: 'serial' },
    since: { column: 'created_at', kind: 'since' },
  },
  sortKeys: { created_at: '{t}.created_at', serial: '{t}.serial' },
  defaultSortKey: 'created_at',
  // A zone may hold a million changes: a page costs the same at a million as at ten, a count would not.
  uncounted: true,
};
