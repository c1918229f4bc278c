import { RecordSetsRepository, ZonesRepository } from '@zonewarden/persistence';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { ZoneSigningService } from '../dnssec/zone-signing.service';
import { DomainSettings } from '../domain-settings';
import { QuotasService } from '../quotas/quotas.service';
import { TX, recordSetRecord, storageStub, zoneRecord, MEMBER } from '../storage.fixtures';
import { ZonesService } from '../zones/zones.service';
import { RecordSetsService } from './recordsets.service';

const UNLIMITED = {
  zones: -1,
  zone_recordsets: -1,
  zone_records: -1,
  recordset_records: -1,
  api_export_size: -1,
};

describe(RecordSetsService.name, () => {
  const caller = MEMBER;
  const zone = zoneRecord();
  const changed = zoneRecord({ serial: zone.serial + 1, action: 'UPDATE' });
  let recordSets: Record<
    'find' | 'typesAtName' | 'insert' | 'lock' | 'replaceRecords' | 'update' | 'markDeleted',
    jest.Mock
  >;
  let changes: { commit: jest.Mock };
  let signing: { signChange: jest.Mock };
  let sut: RecordSetsService;

  beforeEach(() => {
    recordSets = {
      find: jest.fn(async () => recordSetRecord({ id: 'set-1' })),
      typesAtName: jest.fn(async () => []),
      insert: jest.fn(async () => 'set-1'),
      lock: jest.fn(async () => recordSetRecord({ id: 'set-1' })),
      replaceRecords: jest.fn(async () => undefined),
      update: jest.fn(async () => undefined),
      markDeleted: jest.fn(async () => undefined),
    };
    changes = { commit: jest.fn(async () => changed) };
    signing = { signChange: jest.fn(async () => undefined) };
    const zoneStore = {
      liveZoneNames: jest.fn(async () => []),
      recordCounts: jest.fn(async () => ({ sets: 0, records: 0 })),
    };
    const zones = { get: jest.fn(async () => zone), lockForRecordSets: jest.fn(async () => zone) };
    sut = new RecordSetsService(
      storageStub(),
      changes as unknown as ZoneChangeWriter,
      { of: jest.fn(async () => UNLIMITED) } as unknown as QuotasService,
      recordSets as unknown as RecordSetsRepository,
      { designateBehaviour: false } as DomainSettings,
      signing as unknown as ZoneSigningService,
      zoneStore as unknown as ZonesRepository,
      zones as unknown as ZonesService,
    );
  });

  const actor = {
    kind: 'user',
    userId: 'user-1',
    projectId: 'project-1',
    roles: ['member'],
    requestId: 'req-1',
  };

  it('creates through the door: the new set counted, its records after, nothing before', async () => {
    const input = { name: 'www.example.com.', type: 'A', records: ['192.0.2.1', '192.0.2.2'], ttl: 300 };
    await sut.create(caller, zone.id, input, { editManaged: false, requestId: 'req-1' });
    expect(recordSets.insert).toHaveBeenCalledWith(
      TX,
      zone,
      expect.objectContaining({ name: 'www.example.com.' }),
    );
    expect(changes.commit).toHaveBeenCalledWith(TX, zone, {
      source: 'api',
      actor,
      counted: { sets: 1, records: 2 },
      rrsets: [
        {
          name: 'www.example.com.',
          type: 'A',
          before: null,
          after: { ttl: 300, records: ['192.0.2.1', '192.0.2.2'] },
        },
      ],
    });
    expect(signing.signChange).toHaveBeenCalledWith(TX, changed, [{ name: 'www.example.com.', type: 'A' }]);
  });

  it('updates through the door with the set before and after', async () => {
    const current = recordSetRecord({ id: 'set-1', ttl: 300, records: ['192.0.2.1'] });
    recordSets.lock.mockResolvedValue(current);
    const update = { records: ['192.0.2.9'], ttl: null };
    await sut.update(caller, zone.id, 'set-1', update, { editManaged: false, requestId: 'req-1' });
    expect(changes.commit).toHaveBeenCalledWith(TX, zone, {
      source: 'api',
      actor,
      counted: { sets: 0, records: 0 },
      rrsets: [
        {
          name: current.name,
          type: 'A',
          before: { ttl: 300, records: ['192.0.2.1'] },
          after: { ttl: null, records: ['192.0.2.9'] },
        },
      ],
    });
  });

  it('deletes through the door: the set before, nothing after, uncounted', async () => {
    const current = recordSetRecord({ id: 'set-1', records: ['192.0.2.1', '192.0.2.2'] });
    recordSets.lock.mockResolvedValue(current);
    await sut.delete(caller, zone.id, 'set-1', { editManaged: false, requestId: 'req-1' });
    expect(recordSets.markDeleted).toHaveBeenCalledWith(TX, 'set-1');
    expect(changes.commit).toHaveBeenCalledWith(TX, zone, {
      source: 'api',
      actor,
      counted: { sets: -1, records: -2 },
      rrsets: [
        { name: current.name, type: 'A', before: { ttl: null, records: current.records }, after: null },
      ],
    });
  });

  it('writes nothing when the name is taken', async () => {
    recordSets.typesAtName.mockResolvedValue(['A']);
    const input = { name: 'www.example.com.', type: 'A', records: ['192.0.2.1'] };
    await expect(sut.create(caller, zone.id, input, { editManaged: false })).rejects.toMatchObject({
      code: 'duplicate_recordset',
    });
    expect(changes.commit).not.toHaveBeenCalled();
  });
});
