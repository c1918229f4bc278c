import { ExportRequestedV1, ImportRequestedV1, TASK_EVENTS, XfrRequestedV1 } from '@zonewarden/contracts';
import { ExportTask, ImportRequest, OutboxEntry } from '@zonewarden/persistence';
import { Caller } from '../caller';

/** zone-worker is to transfer a SECONDARY zone from its masters (`force`: whatever their serial). */
export function xfrRequested(zoneId: string, force: boolean, requestId?: string): OutboxEntry {
  const payload: XfrRequestedV1 = { version: 1, zoneId, force };
  return { pattern: TASK_EVENTS.xfrRequested, payload, requestId };
}

/** zone-worker is to carry out an import, with what its requester may do and who they are. */
export function importRequested(task: ImportRequest, requestId?: string, requester?: Caller): OutboxEntry {
  const payload: ImportRequestedV1 = {
    version: 1,
    importId: task.id,
    projectId: task.projectId,
    mayUseBlacklisted: task.mayUseBlacklisted,
    ...(requester?.userId ? { userId: requester.userId } : {}),
    ...(requester ? { roles: requester.roles } : {}),
    ...(requestId ? { requestId } : {}),
  };
  return { pattern: TASK_EVENTS.importRequested, payload, requestId };
}

/** zone-worker is to complete an export. */
export function exportRequested(task: ExportTask, requestId?: string): OutboxEntry {
  const payload: ExportRequestedV1 = {
    version: 1,
    exportId: task.id,
    zoneId: task.zoneId,
    projectId: task.projectId,
  };
  return { pattern: TASK_EVENTS.exportRequested, payload, requestId };
}
