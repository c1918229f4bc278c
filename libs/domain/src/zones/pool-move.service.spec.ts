import {
  PoolRecord,
  PoolsRepository,
  RecordSetsRepository,
  ZoneRecord,
  ZonesRepository,
} from '@zonewarden/persistence';
import { Caller } from '../caller';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { ZoneSigningService } from '../dnssec/zone-signing.service';
import { DomainSettings } from '../domain-settings';
import { TX, outboxStub, storageStub, zoneRecord } from '../storage.fixtures';
import { PoolMoveService } from './pool-move.service';
import { ZonesService } from './zones.service';

const DEFAULT_POOL = '794ccc2c-d751-44fe-b57f-8894c9f5c842';
const OTHER_POOL = '5e0b1a3c-7a3f-4f53-9a55-3a8a6a1f0b02';
const ADMIN: Caller = {
  userId: 'admin',
  projectId: 'project-1',
  roles: ['admin'],
  isAdmin: true,
  allProjects: false,
};

describe(PoolMoveService.name, () => {
  let zone: ZoneRecord;
  let pools: Map<string, PoolRecord>;
  let zones: { startPoolMove: jest.Mock };
  let recordsets: Record<'liveAtNames' | 'replaceRecords' | 'update', jest.Mock>;
  let changes: { commit: jest.Mock; recordOnly: jest.Mock };
  let outbox: ReturnType<typeof outboxStub>;
  let sut: PoolMoveService;

  const poolRecord = (id: string, hostnames: string[]): PoolRecord => ({
    id,
    name: id,
    nsRecords: hostnames.map((hostname, i) => ({ hostname, priority: i + 1 })),
    nameservers: [],
    targets: [],
    alsoNotifies: [],
  });

  beforeEach(() => {
    zone = zoneRecord({ poolId: DEFAULT_POOL, action: 'NONE' });
    pools = new Map([
      [DEFAULT_POOL, poolRecord(DEFAULT_POOL, ['ns1.a.test.'])],
      [OTHER_POOL, poolRecord(OTHER_POOL, ['ns2.b.test.', 'ns1.b.test.'])],
    ]);
    zones = {
      startPoolMove: jest.fn(async (_tx, _id, poolId: string) => ({
        ...zone,
        poolId,
        previousPoolId: zone.poolId,
        poolMoveStage: 1,
      })),
    };
    recordsets = {
      liveAtNames: jest.fn(async () => [
        { id: 'ns-set', name: zone.name, type: 'NS', ttl: null, records: ['ns1.a.test.'] },
        { id: 'soa-set', name: zone.name, type: 'SOA', ttl: null, records: ['…'] },
      ]),
      replaceRecords: jest.fn(async () => undefined),
      update: jest.fn(async () => undefined),
    };
    changes = {
      commit: jest.fn(async (_tx, moved: ZoneRecord) => ({ ...moved, serial: moved.serial + 1 })),
      recordOnly: jest.fn(),
    };
    outbox = outboxStub();
    sut = new PoolMoveService(
      storageStub(),
      { defaultPoolId: DEFAULT_POOL } as DomainSettings,
      { lockInScope: jest.fn(async () => zone) } as unknown as ZonesService,
      zones as unknown as ZonesRepository,
      { load: jest.fn(async (id: string) => pools.get(id) ?? null) } as unknown as PoolsRepository,
      recordsets as unknown as RecordSetsRepository,
      changes as unknown as ZoneChangeWriter,
      { signChange: jest.fn(async () => undefined) } as unknown as ZoneSigningService,
      outbox,
    );
  });

  it("moves the zone: the new pool's NS records and MNAME, one change of the zone through the door", async () => {
    const moved = await sut.move(ADMIN, zone.id, OTHER_POOL, 'req-1');
    expect(zones.startPoolMove).toHaveBeenCalledWith(TX, zone.id, OTHER_POOL, 'ns2.b.test.');
    expect(recordsets.replaceRecords).toHaveBeenCalledWith(TX, 'ns-set', ['ns1.b.test.', 'ns2.b.test.']);
    expect(changes.commit).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ poolId: OTHER_POOL, previousPoolId: DEFAULT_POOL }),
      expect.objectContaining({
        source: 'pool_move',
        rrsets: [
          {
            name: zone.name,
            type: 'NS',
            before: { ttl: null, records: ['ns1.a.test.'] },
            after: { ttl: null, records: ['ns1.b.test.', 'ns2.b.test.'] },
          },
        ],
      }),
    );
    expect(moved.poolMoveStage).toBe(1);
  });

  it("a SECONDARY zone changes pools only: its content stays its masters'", async () => {
    zone = zoneRecord({ poolId: DEFAULT_POOL, type: 'SECONDARY' });
    await sut.move(ADMIN, zone.id, OTHER_POOL);
    expect(recordsets.replaceRecords).not.toHaveBeenCalled();
    expect(changes.commit).not.toHaveBeenCalled();
    expect(changes.recordOnly).toHaveBeenCalledWith(
      TX,
      zone,
      expect.anything(),
      expect.objectContaining({ source: 'pool_move' }),
    );
    expect(outbox.write).toHaveBeenCalledWith(TX, expect.objectContaining({ pattern: 'zone.updated' }));
  });

  it('refuses as Designate does: non-admins, deleting zones, the same pool, no other pool to choose, a pool that does not exist', async () => {
    const member: Caller = { ...ADMIN, roles: ['member'], isAdmin: false };
    await expect(sut.move(member, zone.id, OTHER_POOL)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(sut.move(ADMIN, zone.id, DEFAULT_POOL)).rejects.toMatchObject({
      code: 'bad_request',
      message: 'Target pool must be different for zone pool move',
    });
    await expect(sut.move(ADMIN, zone.id)).rejects.toMatchObject({ message: 'No valid pool selected' });
    await expect(sut.move(ADMIN, zone.id, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      message: 'Target pool does not exist',
    });
    zone = zoneRecord({ poolId: OTHER_POOL, previousPoolId: DEFAULT_POOL, poolMoveStage: 2 });
    await expect(sut.move(ADMIN, zone.id)).rejects.toMatchObject({
      message: 'Can not move a zone that is being moved',
    });
    zone = zoneRecord({ action: 'DELETE' });
    await expect(sut.move(ADMIN, zone.id, OTHER_POOL)).rejects.toMatchObject({
      message: 'Can not move a deleting zone',
    });
    expect(zones.startPoolMove).not.toHaveBeenCalled();
  });

  it('moves to the scheduler’s choice, the default pool, without a pool_id', async () => {
    zone = zoneRecord({ poolId: OTHER_POOL });
    await sut.move(ADMIN, zone.id);
    expect(zones.startPoolMove).toHaveBeenCalledWith(TX, zone.id, DEFAULT_POOL, 'ns1.a.test.');
  });
});
