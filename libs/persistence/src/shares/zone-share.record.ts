import { CollectionSpec } from '../collections/keyset';

/** A zone shared by its owner (`projectId`) with another project (`targetProjectId`). */
export interface ZoneShareRecord {
  id: string;
  zoneId: string;
  projectId: string;
  targetProjectId: string;
  createdAt: Date;
  updatedAt: Date | null;
}

/** Designate's shares collection: filter by target project, sort by the timestamps. */
export const ZONE_SHARE_COLLECTION: CollectionSpec = {
  table: 'zone_shares',
  filters: { target_project_id: { column: 'target_project_id', kind: 'text' } },
  sortKeys: {
    created_at: '{t}.created_at',
    updated_at: "COALESCE({t}.updated_at, '-infinity'::timestamp)",
    id: '{t}.id',
  },
  defaultSortKey: 'created_at',
};
