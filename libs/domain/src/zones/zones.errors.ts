import { DomainError } from '../domain-error';
import { ZONE_NOT_FOUND_MESSAGE } from '@zonewarden/persistence';

/** The codes of the zone rules (see DomainErrorCode). */
export type ZoneErrorCode =
  | 'zone_not_found'
  | 'duplicate_zone'
  | 'illegal_child'
  | 'illegal_parent'
  | 'invalid_zone_name'
  | 'no_servers_configured';

export const zoneNotFound = (message = ZONE_NOT_FOUND_MESSAGE) => new DomainError('zone_not_found', message);
export const duplicateZone = () => new DomainError('duplicate_zone', 'Duplicate Zone');
export const illegalChild = () =>
  new DomainError('illegal_child', 'Unable to create subzone in another tenants zone');
export const illegalParent = () =>
  new DomainError(
    'illegal_parent',
    'Unable to create zone because another tenant owns a subzone of the zone',
  );
export const noServersConfigured = () =>
  new DomainError('no_servers_configured', 'The pool of this zone has no nameservers configured');
/** `change`: what the caller tried ('update', 'transfer'). */
export const zoneBeingDeleted = (change: string) =>
  new DomainError('bad_request', `Can not ${change} a deleting zone`);
/** Designate's InvalidZoneName (400): 'Invalid TLD', 'Blacklisted zone name', … */
export const invalidZoneName = (message: string) => new DomainError('invalid_zone_name', message);
