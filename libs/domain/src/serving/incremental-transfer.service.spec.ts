import { ZoneHistoryRecord, ZoneHistoryRepository } from '@zonewarden/persistence';
import { CatalogZonesService } from '../catalog-zones/catalog-zones.service';
import { IncrementalTransferService, MAX_TRANSFER_CHANGES } from './incremental-transfer.service';

const SOA = (serial: number) => `ns1.test. h.example.com. ${serial} 3600 600 86400 300`;
const zone = { id: 'zone-1', name: 'example.com.', serial: 12, ttl: 3600, soa: SOA(12), signed: false };
const entry = (previousSerial: number, serial: number, address: string) =>
  ({
    previousSerial,
    serial,
    source: 'api',
    fields: null,
    soaAfter: SOA(serial),
    rrsets: [{ name: 'www.example.com.', type: 'A', before: null, after: { ttl: null, records: [address] } }],
  }) as unknown as ZoneHistoryRecord;

describe(IncrementalTransferService.name, () => {
  function serviceWith(entries: ZoneHistoryRecord[]) {
    const history = { since: jest.fn(async () => entries) };
    const catalogs = { differences: jest.fn(async () => []) };
    const sut = new IncrementalTransferService(
      history as unknown as ZoneHistoryRepository,
      catalogs as unknown as CatalogZonesService,
    );
    return { history, catalogs, sut };
  }

  it("reads the history after the client's serial and gives each change as a difference sequence", async () => {
    const { history, sut } = serviceWith([entry(10, 11, '192.0.2.1'), entry(11, 12, '192.0.2.2')]);
    const records = await sut.differences(zone, 10);
    expect(history.since).toHaveBeenCalledWith('zone-1', 10, MAX_TRANSFER_CHANGES);
    expect(records?.filter((r) => r.type === 'SOA').map((r) => r.data.split(' ')[2])).toEqual([
      '12',
      '10',
      '11',
      '11',
      '12',
      '12',
    ]);
  });

  it('stops at the serial the server holds: a change stored since is for the next transfer', async () => {
    const { sut } = serviceWith([entry(10, 11, '192.0.2.1'), entry(11, 12, '192.0.2.2')]);
    const records = await sut.differences({ ...zone, serial: 11, soa: SOA(11) }, 10);
    expect(records?.map((r) => r.data)).toEqual([SOA(11), SOA(10), SOA(11), '192.0.2.1', SOA(11)]);
  });

  it('answers the SOA alone to a client up to date, without reading the history', async () => {
    const { history, sut } = serviceWith([]);
    expect(await sut.differences(zone, 12)).toEqual([
      { name: 'example.com.', type: 'SOA', ttl: 3600, data: SOA(12) },
    ]);
    expect(history.since).not.toHaveBeenCalled();
  });

  it('gives up (a full transfer) for a signed zone, and when the history does not reach either serial', async () => {
    const signed = serviceWith([entry(10, 11, '192.0.2.1'), entry(11, 12, '192.0.2.2')]);
    expect(await signed.sut.differences({ ...zone, signed: true }, 10)).toBeNull();
    expect(signed.history.since).not.toHaveBeenCalled();
    // Pruned (nothing after the client's serial), or behind by more than MAX_TRANSFER_CHANGES.
    expect(await serviceWith([]).sut.differences(zone, 10)).toBeNull();
    expect(await serviceWith([entry(10, 11, '192.0.2.1')]).sut.differences(zone, 10)).toBeNull();
  });

  it("answers a catalog zone from its members' versions, not from a zone history", async () => {
    const { history, catalogs, sut } = serviceWith([]);
    await sut.differences({ ...zone, name: 'catalog.test.', catalogVersion: 4_294_967_300 }, 2);
    expect(catalogs.differences).toHaveBeenCalledWith(
      { poolId: 'zone-1', name: 'catalog.test.', version: 4_294_967_300 },
      2,
    );
    expect(history.since).not.toHaveBeenCalled();
  });
});
