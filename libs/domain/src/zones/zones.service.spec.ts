import {
  PoolsRepository,
  SecondaryZonesRepository,
  ZoneSharesRepository,
  ZonesRepository,
} from '@zonewarden/persistence';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { ZoneSigningService } from '../dnssec/zone-signing.service';
import { DomainSettings } from '../domain-settings';
import { QuotasService } from '../quotas/quotas.service';
import { TX, outboxStub, storageStub, zoneRecord, MEMBER } from '../storage.fixtures';
import { ZonesService } from './zones.service';

describe(`${ZonesService.name}.update`, () => {
  const caller = MEMBER;
  const current = zoneRecord();
  const changed = zoneRecord({ ttl: 600, serial: current.serial + 1, action: 'UPDATE' });
  let zones: { lock: jest.Mock };
  let secondaries: { describe: jest.Mock };
  let changes: { commit: jest.Mock };
  let signing: { signChange: jest.Mock };
  let sut: ZonesService;

  beforeEach(() => {
    zones = { lock: jest.fn(async () => current) };
    secondaries = { describe: jest.fn() };
    changes = { commit: jest.fn(async () => changed) };
    signing = { signChange: jest.fn(async () => undefined) };
    sut = new ZonesService(
      storageStub(),
      {} as DomainSettings,
      {} as PoolsRepository,
      {} as QuotasService,
      {} as ZoneSharesRepository,
      zones as unknown as ZonesRepository,
      secondaries as unknown as SecondaryZonesRepository,
      signing as unknown as ZoneSigningService,
      changes as unknown as ZoneChangeWriter,
      outboxStub(),
    );
  });

  it('goes through the door with the API as source, the caller as actor and the fields changed', async () => {
    await expect(sut.update(caller, current.id, { ttl: 600 }, 'req-1')).resolves.toBe(changed);
    expect(zones.lock).toHaveBeenCalledWith(TX, current.id, { projectId: 'project-1' });
    expect(changes.commit).toHaveBeenCalledWith(TX, current, {
      source: 'api',
      actor: {
        kind: 'user',
        userId: 'user-1',
        projectId: 'project-1',
        roles: ['member'],
        requestId: 'req-1',
      },
      fields: { ttl: 600 },
      rrsets: [],
    });
    // A new zone TTL is every record set's without one of its own: all are signed again.
    expect(signing.signChange).toHaveBeenCalledWith(TX, changed, 'all');
  });

  it('names the legacy interface as the source of its changes', async () => {
    await sut.update(caller, current.id, { description: 'd' }, undefined, 'legacy');
    expect(changes.commit).toHaveBeenCalledWith(
      TX,
      current,
      expect.objectContaining({ source: 'legacy', fields: { description: 'd' } }),
    );
    expect(signing.signChange).toHaveBeenCalledWith(TX, changed, []);
  });

  it("changes only a SECONDARY zone's description, outside the door (no serial: its masters')", async () => {
    const secondary = zoneRecord({ type: 'SECONDARY', masters: ['192.0.2.53'] });
    zones.lock.mockResolvedValue(secondary);
    secondaries.describe.mockResolvedValue(secondary);
    await sut.update(caller, secondary.id, { description: 'd' });
    expect(secondaries.describe).toHaveBeenCalledWith(TX, secondary.id, 'd');
    expect(changes.commit).not.toHaveBeenCalled();
  });

  it('changes no zone being deleted', async () => {
    zones.lock.mockResolvedValue(zoneRecord({ action: 'DELETE' }));
    await expect(sut.update(caller, current.id, { ttl: 600 })).rejects.toMatchObject({ code: 'bad_request' });
    expect(changes.commit).not.toHaveBeenCalled();
  });
});
