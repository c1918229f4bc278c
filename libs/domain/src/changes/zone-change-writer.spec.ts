import { ZONE_EVENTS } from '@zonewarden/contracts';
import { SecondaryZonesRepository, ZoneHistoryRepository, ZonesRepository } from '@zonewarden/persistence';
import { TX, outboxStub, zoneRecord } from '../storage.fixtures';
import { systemActor, userActor } from './actor';
import { ZoneChange } from './zone-change';
import { ZoneChangeWriter } from './zone-change-writer';

describe(ZoneChangeWriter.name, () => {
  const zone = zoneRecord();
  const changed = zoneRecord({ serial: zone.serial + 1, action: 'UPDATE', email: 'new@example.com' });
  let zones: { applyChange: jest.Mock };
  let secondaries: { replaceContent: jest.Mock; content: jest.Mock };
  let history: { insert: jest.Mock };
  let outbox: ReturnType<typeof outboxStub>;
  let sut: ZoneChangeWriter;

  beforeEach(() => {
    zones = { applyChange: jest.fn(async () => changed) };
    secondaries = { replaceContent: jest.fn(), content: jest.fn(async () => []) };
    history = { insert: jest.fn(async (_tx, entry) => ({ id: 'entry-1', ...entry })) };
    outbox = outboxStub();
    sut = new ZoneChangeWriter(
      zones as unknown as ZonesRepository,
      secondaries as unknown as SecondaryZonesRepository,
      outbox,
      history as unknown as ZoneHistoryRepository,
    );
  });

  const caller = {
    userId: 'user-1',
    projectId: 'project-1',
    roles: ['member'],
    isAdmin: false,
    allProjects: false,
  };

  describe('commit', () => {
    it("writes the zone's change and announces zone.updated of the zone as it now is, with the request id", async () => {
      const change: ZoneChange = {
        source: 'api',
        actor: userActor(caller, 'req-1'),
        fields: { email: 'new@example.com' },
        counted: { sets: 1, records: 2 },
        rrsets: [
          { name: 'www.example.com.', type: 'A', before: null, after: { ttl: null, records: ['192.0.2.1'] } },
        ],
      };
      await expect(sut.commit(TX, zone, change)).resolves.toBe(changed);
      expect(zones.applyChange).toHaveBeenCalledWith(
        TX,
        zone,
        { email: 'new@example.com' },
        { sets: 1, records: 2 },
      );
      expect(outbox.write).toHaveBeenCalledTimes(1);
      expect(outbox.write).toHaveBeenCalledWith(TX, {
        pattern: ZONE_EVENTS.updated,
        payload: expect.objectContaining({ zoneId: zone.id, serial: changed.serial, action: 'UPDATE' }),
        requestId: 'req-1',
      });
      expect(history.insert).toHaveBeenCalledTimes(1);
      expect(history.insert).toHaveBeenCalledWith(TX, {
        zoneId: zone.id,
        source: 'api',
        actorProjectId: 'project-1',
        actor: {
          user_id: 'user-1',
          project_id: 'project-1',
          roles: ['member'],
          request_id: 'req-1',
          key_name: null,
        },
        comment: null,
        previousSerial: zone.serial,
        serial: changed.serial,
        rrsets: change.rrsets,
        fields: { before: { email: zone.email }, after: { email: 'new@example.com' } },
      });
    });

    it("lists what the work after the write changed too (signing's keys), in name and type order", async () => {
      const keys = {
        name: 'example.com.',
        type: 'DNSKEY',
        before: null,
        after: { ttl: 3600, records: ['257 3 13 x'] },
      };
      const www = {
        name: 'www.example.com.',
        type: 'A',
        before: null,
        after: { ttl: null, records: ['192.0.2.1'] },
      };
      const { entry } = await sut.commitRecorded(
        TX,
        zone,
        { source: 'dnssec', actor: userActor(caller), rrsets: [www] },
        async (written) => {
          expect(written).toBe(changed);
          return [keys];
        },
      );
      expect(entry.rrsets).toEqual([keys, www]);
    });

    it('changes no field of a change of record sets alone, and a system actor carries no request id', async () => {
      await sut.commit(TX, zone, { source: 'dnssec', actor: systemActor('dnssec-maintenance'), rrsets: [] });
      expect(zones.applyChange).toHaveBeenCalledWith(TX, zone, {}, undefined);
      expect(outbox.write).toHaveBeenCalledWith(TX, expect.objectContaining({ requestId: undefined }));
    });

    it('announces nothing when the write fails (the transaction rolls back)', async () => {
      zones.applyChange.mockRejectedValue(new Error('gone'));
      await expect(
        sut.commit(TX, zone, { source: 'api', actor: userActor(caller), rrsets: [] }),
      ).rejects.toThrow('gone');
      expect(outbox.write).not.toHaveBeenCalled();
      expect(history.insert).not.toHaveBeenCalled();
    });
  });

  describe('replace', () => {
    const secondary = zoneRecord({ type: 'SECONDARY', masters: ['192.0.2.53'] });
    const content = {
      serial: 7,
      recordsets: [{ name: 'example.com.', type: 'SOA', ttl: 60, records: ['ns. h. 7 1 1 1 1'] }],
      refreshSeconds: 60,
    };
    const transfer: ZoneChange = { source: 'secondary', actor: systemActor('zone-worker'), rrsets: [] };

    it.each([
      ['its first transfer', 'CREATE', ZONE_EVENTS.created],
      ['a later transfer', 'UPDATE', ZONE_EVENTS.updated],
    ] as const)('announces %s as %s', async (_what, action, pattern) => {
      const replaced = { ...secondary, serial: 7, action };
      secondaries.replaceContent.mockResolvedValue(replaced);
      await expect(sut.replace(TX, secondary, content, transfer)).resolves.toBe(replaced);
      expect(secondaries.replaceContent).toHaveBeenCalledWith(TX, secondary, 7, content.recordsets, 60);
      // The history lists what the transfer changed (the SOA aside): here nothing but the SOA came.
      expect(history.insert).toHaveBeenCalledWith(
        TX,
        expect.objectContaining({ source: 'secondary', rrsets: [] }),
      );
      expect(outbox.write).toHaveBeenCalledWith(TX, {
        pattern,
        payload: expect.objectContaining({ zoneId: secondary.id, serial: 7, action }),
        requestId: undefined,
      });
    });
  });
});
