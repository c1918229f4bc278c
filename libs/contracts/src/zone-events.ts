import { Equals, IsIn, IsInt, IsString, IsUUID, Max, Min } from 'class-validator';

export const ZONE_EVENTS = {
  created: 'zone.created',
  updated: 'zone.updated',
  deleted: 'zone.deleted',
  /** A deleted zone left every target and storage (pool-manager). */
  purged: 'zone.purged',
} as const;

export type ZoneEventPattern = (typeof ZONE_EVENTS)[keyof typeof ZONE_EVENTS];

export const ZONE_EVENT_VERSION = 1;

/**
 * What every zone event carries. Consumers must act on the zone's current state in storage
 * (a newer change may already have been made); the serial tells which change this event announces.
 */
export class ZoneEventV1 {
  @Equals(ZONE_EVENT_VERSION)
  version!: typeof ZONE_EVENT_VERSION;

  @IsUUID()
  zoneId!: string;

  @IsString()
  zoneName!: string;

  @IsString()
  projectId!: string;

  @IsUUID()
  poolId!: string;

  @IsInt()
  @Min(0)
  @Max(4294967295)
  serial!: number;

  @IsIn(['CREATE', 'UPDATE', 'DELETE', 'PURGE'])
  action!: 'CREATE' | 'UPDATE' | 'DELETE' | 'PURGE';
}

export class ZoneCreatedV1 extends ZoneEventV1 {
  @Equals('CREATE')
  declare action: 'CREATE';
}

export class ZoneUpdatedV1 extends ZoneEventV1 {
  @Equals('UPDATE')
  declare action: 'UPDATE';
}

export class ZoneDeletedV1 extends ZoneEventV1 {
  @Equals('DELETE')
  declare action: 'DELETE';
}

export class ZonePurgedV1 extends ZoneEventV1 {
  @Equals('PURGE')
  declare action: 'PURGE';
}

export const ZONE_EVENT_PAYLOADS = {
  [ZONE_EVENTS.created]: ZoneCreatedV1,
  [ZONE_EVENTS.updated]: ZoneUpdatedV1,
  [ZONE_EVENTS.deleted]: ZoneDeletedV1,
  [ZONE_EVENTS.purged]: ZonePurgedV1,
} as const;
