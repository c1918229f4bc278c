import { DomainError } from '../domain-error';

/** The codes of the update grant rules (see DomainErrorCode). */
export type UpdateGrantErrorCode = 'update_grant_not_found' | 'duplicate_update_grant';

export const updateGrantNotFound = () =>
  new DomainError('update_grant_not_found', 'Could not find the update grant');
export const duplicateUpdateGrant = () =>
  new DomainError('duplicate_update_grant', 'The zone has a grant of that key name already');
