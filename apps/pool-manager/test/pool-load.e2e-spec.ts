import { parsePools } from '@zonewarden/config';
import { PoolsRepository } from '@zonewarden/persistence';
import { storageForTests } from '@zonewarden/testing';

const POOL_ID = '0b6f8a8e-3a55-4a4e-9f43-0c2f3d0f6a10';
const NS_RECORDS = [
  { hostname: 'ns1.example.test.', priority: 1 },
  { hostname: 'ns2.example.test.', priority: 2 },
];
const NAMESERVERS = [
  { host: '127.0.0.1', port: 5301 },
  { host: '127.0.0.2', port: 5302 },
];
const BIND9_OPTIONS = { host: '127.0.0.1', port: 5301, rndc_port: 9531 };
const ALSO_NOTIFIES = [{ host: '127.0.0.3', port: 5303 }];

/**
 * pool-manager reads a zone's pool at every convergence. Short of connections (another app holding the
 * rest), a read that needs several at once fails every time, and the zone never converges: it must
 * take one.
 */
describe("pools in storage: pool-manager's read, the pools file's synchronisation", () => {
  const storage = storageForTests(10);
  let pools: PoolsRepository;

  beforeAll(async () => {
    pools = new PoolsRepository(storage.prisma);
    await pools.sync(
      parsePools([
        {
          id: POOL_ID,
          name: 'two-of-each',
          // Given out of order: read back by priority.
          ns_records: [...NS_RECORDS].reverse(),
          nameservers: NAMESERVERS,
          targets: [{ type: 'bind9', options: BIND9_OPTIONS }, { type: 'builtin' }],
          also_notifies: ALSO_NOTIFIES,
        },
      ]),
    );
  });

  it('is whole, on one connection', async () => {
    expect(storage.prisma.pg.totalCount).toBe(1);
    const pool = await pools.load(POOL_ID);
    expect(storage.prisma.pg.totalCount).toBe(1);
    expect(pool).toEqual({
      id: POOL_ID,
      name: 'two-of-each',
      nsRecords: [
        { hostname: 'ns1.example.test.', priority: 1 },
        { hostname: 'ns2.example.test.', priority: 2 },
      ],
      nameservers: [
        { host: '127.0.0.1', port: 5301 },
        { host: '127.0.0.2', port: 5302 },
      ],
      targets: expect.arrayContaining([
        {
          id: expect.any(String),
          type: 'bind9',
          options: { host: '127.0.0.1', port: 5301, rndc_port: 9531 },
        },
        { id: expect.any(String), type: 'builtin', options: {} },
      ]),
      alsoNotifies: [{ host: '127.0.0.3', port: 5303 }],
    });
    expect(pool?.targets).toHaveLength(2);
    expect(await pools.load('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('follows the pools file when synchronised again: NS records kept by name, the rest replaced', async () => {
    const [kept] = await pools.nsRecords(POOL_ID);
    await pools.sync(
      parsePools([
        {
          id: POOL_ID,
          name: 'renamed',
          ns_records: [{ hostname: 'ns1.example.test.', priority: 5 }],
          nameservers: [NAMESERVERS[1]],
          targets: [{ type: 'builtin' }],
        },
      ]),
    );
    expect(await pools.load(POOL_ID)).toEqual({
      id: POOL_ID,
      name: 'renamed',
      nsRecords: [{ hostname: 'ns1.example.test.', priority: 5 }],
      nameservers: [NAMESERVERS[1]],
      targets: [{ id: expect.any(String), type: 'builtin', options: {} }],
      alsoNotifies: [],
    });
    expect(await pools.nsRecords(POOL_ID)).toEqual([{ ...kept, priority: 5 }]);
    expect(await pools.ids()).toEqual([POOL_ID]);
  });
});
