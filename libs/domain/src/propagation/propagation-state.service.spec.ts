import { ZONE_EVENTS } from '@zonewarden/contracts';
import { PoolsRepository, ZoneLocks, ZonePropagationRepository } from '@zonewarden/persistence';
import { CatalogZonesService } from '../catalog-zones/catalog-zones.service';
import { TX, outboxStub, storageStub, zoneRecord } from '../storage.fixtures';
import { PropagationStateService } from './propagation-state.service';

describe(PropagationStateService.name, () => {
  let storage: ReturnType<typeof storageStub>;
  let outbox: ReturnType<typeof outboxStub>;
  let zones: Record<'findById' | 'markPropagated' | 'markError' | 'purge' | 'claimStale', jest.Mock>;
  let locks: { prepare: jest.Mock; withZoneLock: jest.Mock };
  let sut: PropagationStateService;

  beforeEach(() => {
    storage = storageStub();
    outbox = outboxStub();
    zones = {
      findById: jest.fn(),
      markPropagated: jest.fn(async () => true),
      markError: jest.fn(async () => undefined),
      purge: jest.fn(),
      claimStale: jest.fn(async () => ['a', 'b']),
    };
    locks = { prepare: jest.fn(), withZoneLock: jest.fn((_id: string, work: () => unknown) => work()) };
    sut = new PropagationStateService(
      storage,
      zones as unknown as ZonePropagationRepository,
      {} as PoolsRepository,
      locks as unknown as ZoneLocks,
      outbox,
      {} as CatalogZonesService,
    );
  });

  it('confirms a serial in one transaction', async () => {
    await expect(sut.confirm('zone-1', 42)).resolves.toBe(true);
    expect(storage.transaction).toHaveBeenCalledTimes(1);
    expect(zones.markPropagated).toHaveBeenCalledWith(TX, 'zone-1', 42);
  });

  it("fails the zone's pending action at its serial", async () => {
    const zone = zoneRecord({ action: 'UPDATE', serial: 9 });
    await sut.fail(zone, 'target down');
    expect(zones.markError).toHaveBeenCalledWith(zone.id, 'UPDATE', 9, 'target down');
  });

  it('purges a deleted zone and announces zone.purged in the same transaction', async () => {
    const purged = zoneRecord({ action: 'DELETE' });
    zones.purge.mockResolvedValue(purged);
    await expect(sut.purge(purged.id, 'req-9')).resolves.toBe(true);
    expect(zones.purge).toHaveBeenCalledWith(TX, purged.id);
    expect(outbox.write).toHaveBeenCalledWith(TX, {
      pattern: ZONE_EVENTS.purged,
      payload: expect.objectContaining({ zoneId: purged.id, action: 'PURGE' }),
      requestId: 'req-9',
    });
  });

  it('announces nothing when the zone was not there to purge', async () => {
    zones.purge.mockResolvedValue(null);
    await expect(sut.purge('gone')).resolves.toBe(false);
    expect(outbox.write).not.toHaveBeenCalled();
  });

  it('reclaims stale zones and runs work under the zone lock', async () => {
    const since = new Date();
    await expect(sut.reclaim(since, 10)).resolves.toEqual(['a', 'b']);
    expect(zones.claimStale).toHaveBeenCalledWith(since, 10);
    await expect(sut.withZoneLock('zone-1', async () => 'done')).resolves.toBe('done');
    expect(locks.withZoneLock).toHaveBeenCalledWith('zone-1', expect.any(Function));
  });
});
