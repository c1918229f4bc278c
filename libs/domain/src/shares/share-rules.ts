import { RecordSetRecord, ZoneRecord } from '@zonewarden/persistence';
import { Caller, ownProject } from '../caller';
import { forbidden } from '../common.errors';

type Zone = Pick<ZoneRecord, 'projectId'>;

/** Whether the caller reaches the zone only through a share: neither its owner nor an admin acting for all projects. */
export function throughShare(caller: Caller, zone: Zone): boolean {
  return !caller.allProjects && zone.projectId !== caller.projectId;
}

/**
 * The project a new record set belongs to (Designate records its creator's): the shared-with project that
 * creates it, else the zone's own.
 */
export function recordSetCreator(caller: Caller, zone: Zone): string {
  return throughShare(caller, zone) ? ownProject(caller) : zone.projectId;
}

/**
 * A project the zone is shared with changes only the record sets it created; the owner changes them all
 * (Designate's `update_recordset`/`delete_recordset` policies: 403).
 */
export function checkMayChangeRecordSet(caller: Caller, zone: Zone, recordSet: RecordSetRecord): void {
  if (throughShare(caller, zone) && recordSet.projectId !== caller.projectId) throw forbidden();
}
