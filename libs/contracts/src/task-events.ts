import { Equals, IsString, IsUUID } from 'class-validator';

/** Work handed to zone-worker. */
export const TASK_EVENTS = {
  exportRequested: 'zone.export.requested',
  importRequested: 'zone.import.requested',
} as const;

export class ImportRequestedV1 {
  @Equals(1)
  version!: 1;

  @IsUUID()
  importId!: string;

  @IsString()
  projectId!: string;
}

export class ExportRequestedV1 {
  @Equals(1)
  version!: 1;

  @IsUUID()
  exportId!: string;

  @IsUUID()
  zoneId!: string;

  @IsString()
  projectId!: string;
}
