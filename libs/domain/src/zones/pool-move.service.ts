import { Injectable } from '@nestjs/common';
import {
  OutboxWriter,
  PoolsRepository,
  RecordSetsRepository,
  Storage,
  Transaction,
  ZoneRecord,
  ZonesRepository,
} from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { userActor } from '../changes/actor';
import { RRsetChange } from '../changes/zone-change';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { badRequest } from '../common.errors';
import { ZoneSigningService } from '../dnssec/zone-signing.service';
import { DomainSettings } from '../domain-settings';
import { zoneUpdated } from '../events/zone-events';
import { ZonesService } from './zones.service';
import { noServersConfigured, zoneBeingDeleted } from './zones.errors';

/**
 * Designate 18's zone pool move (`POST /v2/zones/{id}/tasks/pool_move`, admin): the zone goes to another
 * pool (the one asked for, else the scheduler's — the default pool), its apex NS records and SOA MNAME
 * become the new pool's, and pool-manager provisions it on the new pool's targets, confirms it there, and
 * only then removes it from the old pool's: it is never unserved in between (docs/propagation.md).
 */
@Injectable()
export class PoolMoveService {
  constructor(
    private readonly storage: Storage,
    private readonly settings: DomainSettings,
    private readonly zonesService: ZonesService,
    private readonly zones: ZonesRepository,
    private readonly pools: PoolsRepository,
    private readonly recordsets: RecordSetsRepository,
    private readonly changes: ZoneChangeWriter,
    private readonly signing: ZoneSigningService,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Starts the move; the zone as it now is (PENDING). Designate's checks, in its order. */
  async move(caller: Caller, zoneId: string, poolId?: string, requestId?: string): Promise<ZoneRecord> {
    authorize(caller, 'admin');
    return this.storage.transaction(async (tx) => {
      const zone = await this.zonesService.lockInScope(tx, caller, zoneId);
      if (zone.action === 'DELETE') throw zoneBeingDeleted('move');
      if (poolId !== undefined && poolId === zone.poolId)
        throw badRequest('Target pool must be different for zone pool move');
      const target = poolId ?? this.settings.defaultPoolId;
      if (target === zone.poolId) throw badRequest('No valid pool selected');
      if (zone.previousPoolId) throw badRequest('Can not move a zone that is being moved');
      const pool = await this.pools.load(target);
      if (!pool) throw badRequest('Target pool does not exist');
      if (pool.nsRecords.length === 0) throw noServersConfigured();
      const nameservers = pool.nsRecords.map((ns) => ns.hostname);
      const moved = await this.zones.startPoolMove(tx, zone.id, pool.id, nameservers[0]);
      const actor = userActor(caller, requestId);
      // A SECONDARY zone's content (its NS records, SOA, serial) is its masters': it only changes pools.
      if (zone.type === 'SECONDARY') {
        await this.changes.recordOnly(tx, zone, moved, { source: 'pool_move', actor, rrsets: [] });
        await this.outbox.write(tx, zoneUpdated(moved, requestId));
        return moved;
      }
      const rrsets = await this.replaceNameservers(tx, zone, nameservers);
      const changed = await this.changes.commit(tx, moved, { source: 'pool_move', actor, rrsets });
      await this.signing.signChange(tx, changed, rrsets);
      return changed;
    });
  }

  /** The zone's apex NS records become the pool's; the change, or none when they already were. */
  private async replaceNameservers(
    tx: Transaction,
    zone: ZoneRecord,
    nameservers: string[],
  ): Promise<RRsetChange[]> {
    const ns = (await this.recordsets.liveAtNames(tx, zone.id, [zone.name])).find((set) => set.type === 'NS');
    if (!ns) return [];
    const before = [...ns.records].sort();
    const after = [...nameservers].sort();
    if (before.join() === after.join()) return [];
    await this.recordsets.replaceRecords(tx, ns.id, after);
    await this.recordsets.update(tx, ns.id, {});
    return [
      {
        name: ns.name,
        type: 'NS',
        before: { ttl: ns.ttl, records: before },
        after: { ttl: ns.ttl, records: after },
      },
    ];
  }
}
