import { CollectionSpec } from '../collections/keyset';
import { BASE_SORT_KEYS } from '../collections/task-collection';

/** How a grant's name matches an update's owner name: itself, itself and below, or anywhere in the zone. */
export const GRANT_MATCHES = ['name', 'subdomain', 'zone'] as const;
export type GrantMatch = (typeof GRANT_MATCHES)[number];

export interface GrantName {
  match: GrantMatch;
  /** Lower case, absolute; the zone's own name for `zone`. */
  name: string;
}

/** A zone's update grant (table update_grants), its secret in the clear. */
export interface UpdateGrantRecord {
  id: string;
  zoneId: string;
  keyName: string;
  algorithm: string;
  secret: string;
  names: GrantName[];
  types: string[];
  allowTransfer: boolean;
  description: string | null;
  createdAt: Date;
  updatedAt: Date | null;
}

export type NewUpdateGrant = Pick<
  UpdateGrantRecord,
  'zoneId' | 'keyName' | 'algorithm' | 'secret' | 'names' | 'types' | 'allowTransfer' | 'description'
>;
export type UpdateGrantChanges = Partial<
  Pick<UpdateGrantRecord, 'names' | 'types' | 'allowTransfer' | 'description'>
>;

/** A zone's grants: filter by key name or algorithm, sort by the timestamps, id or key name. */
export const UPDATE_GRANT_COLLECTION: CollectionSpec = {
  table: 'update_grants',
  filters: {
    key_name: { column: 'key_name', kind: 'name' },
    algorithm: { column: 'algorithm', kind: 'text' },
  },
  sortKeys: { ...BASE_SORT_KEYS, key_name: '{t}.key_name' },
  defaultSortKey: 'created_at',
};
