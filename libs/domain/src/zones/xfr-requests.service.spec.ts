import { TASK_EVENTS } from '@zonewarden/contracts';
import { SecondaryZonesRepository } from '@zonewarden/persistence';
import { TX, outboxStub, storageStub, zoneRecord } from '../storage.fixtures';
import { XfrRequestsService } from './xfr-requests.service';

describe(XfrRequestsService.name, () => {
  const zone = zoneRecord({ type: 'SECONDARY', masters: ['192.0.2.53'] });
  let storage: ReturnType<typeof storageStub>;
  let outbox: ReturnType<typeof outboxStub>;
  let secondaries: Record<'claimDueRefreshes' | 'findLiveByName' | 'lock', jest.Mock>;
  let sut: XfrRequestsService;

  beforeEach(() => {
    storage = storageStub();
    outbox = outboxStub();
    secondaries = {
      claimDueRefreshes: jest.fn(async () => ['zone-a', 'zone-b']),
      findLiveByName: jest.fn(async () => zone),
      lock: jest.fn(async () => zone),
    };
    sut = new XfrRequestsService(storage, secondaries as unknown as SecondaryZonesRepository, outbox);
  });

  const xfr = (zoneId: string) => ({
    pattern: TASK_EVENTS.xfrRequested,
    payload: { version: 1, zoneId, force: false },
    requestId: undefined,
  });

  describe('requestDue (the SOA timer)', () => {
    it('claims the due zones and requests their transfer, not forced, in the claim’s transaction', async () => {
      await expect(sut.requestDue(100)).resolves.toBe(2);
      expect(secondaries.claimDueRefreshes).toHaveBeenCalledWith(TX, 100, 60);
      expect(outbox.write.mock.calls).toEqual([
        [TX, xfr('zone-a')],
        [TX, xfr('zone-b')],
      ]);
    });
  });

  describe('a NOTIFY', () => {
    it('looks the zone up by name', async () => {
      await expect(sut.notifiedZone('example.com.')).resolves.toBe(zone);
      expect(secondaries.findLiveByName).toHaveBeenCalledWith('example.com.');
    });

    it('from a master: the zone is locked and its refresh requested', async () => {
      await expect(sut.notified(zone, '192.0.2.53')).resolves.toBe('refresh');
      expect(secondaries.lock).toHaveBeenCalledWith(TX, zone.id);
      expect(outbox.write).toHaveBeenCalledWith(TX, xfr(zone.id));
    });

    it('from elsewhere: refused, nothing written', async () => {
      await expect(sut.notified(zone, '198.51.100.7')).resolves.toBe('not-from-a-master');
      expect(storage.transaction).not.toHaveBeenCalled();
      expect(outbox.write).not.toHaveBeenCalled();
    });

    it('of a zone being deleted meanwhile: nothing requested', async () => {
      secondaries.lock.mockResolvedValue({ ...zone, action: 'DELETE' });
      await expect(sut.notified(zone, '192.0.2.53')).resolves.toBe('refresh');
      expect(outbox.write).not.toHaveBeenCalled();
    });
  });
});
