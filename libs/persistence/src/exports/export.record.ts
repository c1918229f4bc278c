import { MESSAGE_AND_ZONE_FILTERS, TaskStatus, taskCollection } from '../collections/task-collection';

export { TASK_STATUSES, type TaskStatus } from '../collections/task-collection';

export interface ExportRecord {
  id: string;
  projectId: string;
  zoneId: string;
  status: TaskStatus;
  message: string | null;
  location: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date | null;
}

export const EXPORT_COLLECTION = taskCollection('zone_exports', MESSAGE_AND_ZONE_FILTERS);
