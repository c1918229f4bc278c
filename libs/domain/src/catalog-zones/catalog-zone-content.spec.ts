import { CatalogZoneRecord } from '@zonewarden/persistence';
import { catalogSerial, catalogTransfer, catalogZoneContent, versionOfSerial } from './catalog-zone-content';

const catalog: CatalogZoneRecord = {
  poolId: 'pool-1',
  name: 'catalog.example.',
  refresh: 60,
  version: 1_800_000_007,
  prunedBelow: 1_800_000_000,
  tsigKey: null,
  primaryNameserver: 'ns1.example.net.',
};
const member = { owner: '4c8e1a0e-0000-4000-8000-000000000001.zones', data: 'example.org.' };

describe('catalog zone content (RFC 9432 version 2)', () => {
  it('serves the SOA, NS invalid., version "2" and one PTR per member under zones.', () => {
    const content = catalogZoneContent(catalog, [member]);
    expect(content).toMatchObject({ id: 'pool-1', name: 'catalog.example.', serial: 1_800_000_007 });
    expect(content.recordsets).toEqual([
      {
        name: 'catalog.example.',
        type: 'SOA',
        ttl: null,
        records: ['ns1.example.net. catalog.example. 1800000007 60 600 2147483646 3600'],
      },
      { name: 'catalog.example.', type: 'NS', ttl: null, records: ['invalid.'] },
      { name: 'version.catalog.example.', type: 'TXT', ttl: null, records: ['"2"'] },
      {
        name: '4c8e1a0e-0000-4000-8000-000000000001.zones.catalog.example.',
        type: 'PTR',
        ttl: null,
        records: ['example.org.'],
      },
    ]);
  });

  it('wraps its serial past 2^32 and maps a client serial back to the version it stood for', () => {
    expect(catalogSerial(2 ** 32 + 5)).toBe(5);
    expect(versionOfSerial(2 ** 32 + 5, 5)).toBe(2 ** 32 + 5);
    expect(versionOfSerial(2 ** 32 + 5, 2 ** 32 - 3)).toBe(2 ** 32 - 3);
    expect(versionOfSerial(1000, 1001)).toBeNull();
  });

  it('tells an incremental transfer as one condensed difference sequence', () => {
    const records = catalogTransfer(catalog, 1_800_000_005, 1_800_000_007, {
      removed: [{ owner: 'gone.zones', data: 'gone.example.' }],
      added: [member],
    });
    expect(records.map((r) => `${r.type} ${r.type === 'SOA' ? r.data.split(' ')[2] : r.data}`)).toEqual([
      'SOA 1800000007',
      'SOA 1800000005',
      'PTR gone.example.',
      'SOA 1800000007',
      'PTR example.org.',
      'SOA 1800000007',
    ]);
    expect(catalogTransfer(catalog, 7, 7, { removed: [], added: [] })).toHaveLength(1);
  });
});
