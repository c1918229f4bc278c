import { ZoneRecord } from '@zonewarden/persistence';
import { duplicateZone, illegalChild, illegalParent, zoneBeingDeleted } from './zones.errors';

/**
 * A live zone's name is taken for everyone; a project may not create a zone inside or above another
 * project's zone. `related`: the live zones with the name, above it (`ancestors`) or below it.
 */
export function checkNameIsFree(
  zone: { name: string; projectId: string },
  ancestors: string[],
  related: { name: string; projectId: string }[],
): void {
  if (related.some((other) => other.name === zone.name)) throw duplicateZone();
  for (const other of related) {
    if (other.projectId === zone.projectId) continue;
    throw ancestors.includes(other.name) ? illegalChild() : illegalParent();
  }
}

/** A zone being deleted takes no more changes (of itself, its record sets, its owner). */
export function checkNotDeleting(zone: ZoneRecord, change = 'update'): void {
  if (zone.action === 'DELETE') throw zoneBeingDeleted(change);
}
