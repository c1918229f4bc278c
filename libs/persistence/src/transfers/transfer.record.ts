import { TaskStatus, taskCollection } from '../collections/task-collection';

export interface TransferRequestRecord {
  id: string;
  zoneId: string;
  zoneName: string;
  projectId: string;
  targetProjectId: string | null;
  description: string | null;
  key: string;
  status: TaskStatus;
  createdAt: Date;
  updatedAt: Date | null;
}

export interface TransferAcceptRecord {
  id: string;
  zoneTransferRequestId: string;
  zoneId: string;
  projectId: string;
  status: TaskStatus;
  createdAt: Date;
  updatedAt: Date | null;
}

export const TRANSFER_REQUEST_COLLECTION = taskCollection('zone_transfer_requests');
export const TRANSFER_ACCEPT_COLLECTION = taskCollection('zone_transfer_accepts');
