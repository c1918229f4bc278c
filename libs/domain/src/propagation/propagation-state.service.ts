import { Injectable } from '@nestjs/common';
import {
  CatalogZoneRecord,
  OutboxWriter,
  PoolRecord,
  PoolsRepository,
  Storage,
  ZoneLocks,
  ZonePropagationRepository,
  PoolMoveStage,
  ZoneRecord,
} from '@zonewarden/persistence';
import { CatalogZonesService } from '../catalog-zones/catalog-zones.service';
import { zonePurged, zoneUpdated } from '../events/zone-events';

/**
 * A zone's propagation to its pool's targets, as pool-manager drives it: what it reads (the zone, its
 * pool), the lock that keeps work on one zone from interleaving across processes, and the state it
 * writes — a change confirmed everywhere, a failure for operators, a deleted zone purged, a stale zone
 * reclaimed for another round.
 */
@Injectable()
export class PropagationStateService {
  constructor(
    private readonly storage: Storage,
    private readonly zones: ZonePropagationRepository,
    private readonly pools: PoolsRepository,
    private readonly locks: ZoneLocks,
    private readonly outbox: OutboxWriter,
    private readonly catalogZones: CatalogZonesService,
  ) {}

  /** Reserves the zone locks' connection; throws (naming DATABASE_POOL_SIZE) when the budget is too small. */
  prepareLocks(): void {
    this.locks.prepare();
  }

  /** Runs `work` holding the zone's lock (ZoneLocks). */
  withZoneLock<T>(zoneId: string, work: () => Promise<T>): Promise<T> {
    return this.locks.withZoneLock(zoneId, work);
  }

  /** Any zone by id, as it is now, or null. */
  find(zoneId: string): Promise<ZoneRecord | null> {
    return this.zones.findById(zoneId);
  }

  /** A pool's targets, nameservers and also-notifies, or null. */
  pool(poolId: string): Promise<PoolRecord | null> {
    return this.pools.load(poolId);
  }

  poolIds(): Promise<string[]> {
    return this.pools.ids();
  }

  /** The pool's catalog zone (RFC 9432), or null when it has none. */
  catalogOf(poolId: string): Promise<CatalogZoneRecord | null> {
    return this.catalogZones.forPool(poolId);
  }

  /**
   * A pool move goes on from `stage` to `next` (the catalogs follow, storage's trigger keeps them), announced
   * as `zone.updated` so that every mini-dns serves the catalogs as they now are. Null when the zone is no
   * longer at `stage` (another process moved it on, or the move ended).
   */
  advancePoolMove(zone: ZoneRecord, stage: PoolMoveStage, next: PoolMoveStage): Promise<ZoneRecord | null> {
    return this.storage.transaction(async (tx) => {
      const advanced = await this.zones.advancePoolMove(tx, zone.id, stage, next);
      if (advanced) await this.outbox.write(tx, zoneUpdated(advanced));
      return advanced;
    });
  }

  /**
   * Every target serves the zone at `serial`: its pending create or update is done, and its record sets
   * with it (those being deleted are removed). A newer change made meanwhile keeps its own pending
   * action. Whether the zone was confirmed.
   */
  confirm(zoneId: string, serial: number): Promise<boolean> {
    return this.storage.transaction((tx) => this.zones.markPropagated(tx, zoneId, serial));
  }

  /** Propagation gave up for now: ERROR with the reason, for operators; the action stays pending. */
  fail(zone: Pick<ZoneRecord, 'id' | 'action' | 'serial'>, reason: string): Promise<void> {
    return this.zones.markError(zone.id, zone.action, zone.serial, reason);
  }

  /** A deleted zone left every target: it leaves storage, and `zone.purged` is announced. Whether it was there. */
  purge(zoneId: string, requestId?: string): Promise<boolean> {
    return this.storage.transaction(async (tx) => {
      const purged = await this.zones.purge(tx, zoneId);
      if (purged) await this.outbox.write(tx, zonePurged(purged, requestId));
      return purged !== null;
    });
  }

  /**
   * Claims up to `limit` zones whose action has been pending since before `pendingSince`, for a
   * reconciler (concurrent ones take different zones); their ids.
   */
  reclaim(pendingSince: Date, limit: number): Promise<string[]> {
    return this.zones.claimStale(pendingSince, limit);
  }
}
