import { DomainError } from '../domain-error';

/** The codes of the zone share rules (see DomainErrorCode). */
export type ZoneShareErrorCode =
  'shared_zone_not_found' | 'duplicate_zone_share' | 'zone_is_shared' | 'shared_zone_has_recordsets';

export const sharedZoneNotFound = () => new DomainError('shared_zone_not_found', 'Could not find SharedZone');
export const duplicateZoneShare = () => new DomainError('duplicate_zone_share', 'Duplicate SharedZone');
export const zoneIsShared = () =>
  new DomainError(
    'zone_is_shared',
    'This zone is shared with other projects, please remove these shares before deletion or use the ' +
      'delete-shares modifier to override this warning.',
  );
/** Designate's `SharedZoneHasRecordSets`: a project keeps the zone while it has record sets in it. */
export const sharedZoneHasRecordSets = (targetProjectId: string) =>
  new DomainError(
    'shared_zone_has_recordsets',
    `Please delete all recordsets owned by project ${targetProjectId} before unsharing this zone.`,
  );
