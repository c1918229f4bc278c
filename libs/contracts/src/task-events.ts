import { Equals, IsArray, IsBoolean, IsOptional, IsString, IsUUID } from 'class-validator';

/** Work handed to zone-worker. */
export const TASK_EVENTS = {
  exportRequested: 'zone.export.requested',
  importRequested: 'zone.import.requested',
  /** A secondary zone is to be transferred from its masters (created, NOTIFY, SOA timer, tasks/xfr). */
  xfrRequested: 'zone.xfr.requested',
} as const;

export class ImportRequestedV1 {
  @Equals(1)
  version!: 1;

  @IsUUID()
  importId!: string;

  @IsString()
  projectId!: string;

  /**
   * Whether the requester could use a blacklisted name (Designate's `use_blacklisted_zone`), decided when
   * the import was requested. Optional: a message written before it existed means false.
   */
  @IsOptional()
  @IsBoolean()
  mayUseBlacklisted?: boolean;

  /** Who asked for it (the zone's history names them); optional, as in messages written before them. */
  @IsOptional()
  @IsString()
  userId?: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  roles?: string[];

  @IsOptional()
  @IsString()
  requestId?: string;
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

export class XfrRequestedV1 {
  @Equals(1)
  version!: 1;

  @IsUUID()
  zoneId!: string;

  /** Transfer even when the masters' serial is not newer (tasks/xfr); otherwise only a newer serial. */
  @IsBoolean()
  force!: boolean;
}
