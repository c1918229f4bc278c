import { MESSAGE_AND_ZONE_FILTERS, TaskStatus, taskCollection } from '../collections/task-collection';

export interface ImportRecord {
  id: string;
  projectId: string;
  status: TaskStatus;
  message: string | null;
  zoneId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date | null;
}

export const IMPORT_COLLECTION = taskCollection('zone_imports', MESSAGE_AND_ZONE_FILTERS);
