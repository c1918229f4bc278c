import request from 'supertest';
import { DEFAULT_POOL_ID, PoolConfig, defaultPools } from '@zonewarden/config';
import { PoolsRepository } from '@zonewarden/persistence';
import { GatewayHarness, startGateway } from './support/gateway-harness';
import { ADMIN, MEMBER, createZoneAt } from './support/catalog-api';

const SECOND_POOL_ID = '5e0b1a3c-7a3f-4f53-9a55-3a8a6a1f0b02';
const CATALOG_A = 'catalog-a.zonewarden.test.';
const CATALOG_B = 'catalog-b.zonewarden.test.';

/** The default pool and a second one, each with a catalog zone when `catalogs`. */
function twoPools(catalogs: boolean): PoolConfig[] {
  const [pool] = defaultPools({ host: '127.0.0.1', port: 5354 });
  const second = {
    ...pool,
    id: SECOND_POOL_ID,
    name: 'second',
    ns_records: [{ hostname: 'ns1.second.test.', priority: 1 }],
  };
  if (!catalogs) return [pool, second];
  return [
    {
      ...pool,
      catalog_zone: {
        catalog_zone_fqdn: CATALOG_A,
        catalog_zone_refresh: 60,
        catalog_zone_tsig_algorithm: 'hmac-sha256',
      },
    },
    {
      ...second,
      catalog_zone: {
        catalog_zone_fqdn: CATALOG_B,
        catalog_zone_refresh: 60,
        catalog_zone_tsig_algorithm: 'hmac-sha256',
      },
    },
  ] as PoolConfig[];
}

describe('POST /v2/zones/{id}/tasks/pool_move and the pools’ catalog zones', () => {
  let gw: GatewayHarness;
  const move = (id: string, body: unknown, headers = ADMIN) =>
    request(gw.url)
      .post(`/v2/zones/${id}/tasks/pool_move`)
      .set(headers)
      .send(body as object);
  /** The live PTR records of every catalog, as `catalog owner → data`. */
  const catalogRecords = async () =>
    (
      await gw.prisma.pg.query<{ line: string }>(
        `SELECT c.name || ' ' || r.owner || ' ' || r.data AS line FROM catalog_records r
          JOIN catalog_zones c ON c.pool_id = r.pool_id WHERE r.removed IS NULL ORDER BY 1`,
      )
    ).rows.map((row) => row.line);

  beforeAll(async () => {
    gw = await startGateway();
    await new PoolsRepository(gw.prisma).sync(twoPools(false));
  });
  afterAll(() => gw?.close());

  it('lists the zones a pool already has once its catalog is configured, and refuses a zone of its name', async () => {
    const zone = (await createZoneAt(gw.url, 'before-catalog.test.', ADMIN)).body;
    await new PoolsRepository(gw.prisma).sync(twoPools(true));
    expect(await catalogRecords()).toContain(`${CATALOG_A} ${zone.id}.zones before-catalog.test.`);
    const clash = await createZoneAt(gw.url, CATALOG_B, ADMIN);
    expect([clash.status, clash.body.type]).toEqual([409, 'duplicate_zone']);
  });

  it('refuses as Designate does', async () => {
    const zone = (await createZoneAt(gw.url, 'refused-move.test.', ADMIN)).body;
    const cases: [unknown, Record<string, string>, number, string, string?][] = [
      [{ pool_id: SECOND_POOL_ID }, MEMBER, 403, 'forbidden'],
      [
        { pool_id: DEFAULT_POOL_ID },
        ADMIN,
        400,
        'bad_request',
        'Target pool must be different for zone pool move',
      ],
      [{}, ADMIN, 400, 'bad_request', 'No valid pool selected'],
      [
        { pool_id: '00000000-0000-4000-8000-000000000000' },
        ADMIN,
        400,
        'bad_request',
        'Target pool does not exist',
      ],
      [{ pool_id: 'second' }, ADMIN, 400, 'invalid_object'],
      [{ pool_id: SECOND_POOL_ID, description: 'x' }, ADMIN, 400, 'invalid_object'],
    ];
    for (const [body, headers, status, type, message] of cases) {
      const res = await move(zone.id, body, headers);
      expect([res.status, res.body.type]).toEqual([status, type]);
      if (message) expect(res.body.message).toBe(message);
    }
    const empty = await request(gw.url).post(`/v2/zones/${zone.id}/tasks/pool_move`).set(ADMIN);
    expect([empty.status, empty.body.type]).toEqual([400, 'empty_request_body']);
    const missing = await move('00000000-0000-4000-8000-000000000000', { pool_id: SECOND_POOL_ID });
    expect(missing.status).toBe(404);
  });

  it('moves the zone: 202, PENDING in the new pool with its NS records, a change of ownership in the old catalog', async () => {
    const zone = (await createZoneAt(gw.url, 'moving.test.', ADMIN)).body;
    const res = await move(zone.id, { pool_id: SECOND_POOL_ID });
    expect(res.status).toBe(202);
    const moved = (await request(gw.url).get(`/v2/zones/${zone.id}`).set(ADMIN)).body;
    expect(moved).toMatchObject({ pool_id: SECOND_POOL_ID, status: 'PENDING', action: 'UPDATE' });
    expect(moved.serial).toBeGreaterThan(zone.serial);
    const ns = (await request(gw.url).get(`/v2/zones/${zone.id}/recordsets?type=NS`).set(ADMIN)).body
      .recordsets;
    expect(ns[0].records).toEqual(['ns1.second.test.']);
    const soa = (await request(gw.url).get(`/v2/zones/${zone.id}/recordsets?type=SOA`).set(ADMIN)).body
      .recordsets;
    expect(soa[0].records[0]).toMatch(/^ns1\.second\.test\. /);
    const history = (await request(gw.url).get(`/v2/zones/${zone.id}/changes`).set(ADMIN)).body.changes;
    expect(history.map((entry: { source: string }) => entry.source)).toEqual(['api', 'pool_move']);
    // Stage 1: still a member of the old catalog, which points to the new one; not yet in the new one.
    const records = await catalogRecords();
    expect(records).toContain(`${CATALOG_A} ${zone.id}.zones moving.test.`);
    expect(records).toContain(`${CATALOG_A} coo.${zone.id}.zones ${CATALOG_B}`);
    expect(records.filter((line) => line.startsWith(CATALOG_B) && line.includes(zone.id))).toEqual([]);
    const again = await move(zone.id, {});
    expect([again.status, again.body.message]).toEqual([400, 'Can not move a zone that is being moved']);
  });

  it('takes a deleting zone out of its catalog, and refuses to move it', async () => {
    const zone = (await createZoneAt(gw.url, 'leaving.test.', ADMIN)).body;
    expect(await catalogRecords()).toContain(`${CATALOG_A} ${zone.id}.zones leaving.test.`);
    await request(gw.url).delete(`/v2/zones/${zone.id}`).set(ADMIN).expect(202);
    expect((await catalogRecords()).some((line) => line.includes(zone.id))).toBe(false);
    const res = await move(zone.id, { pool_id: SECOND_POOL_ID });
    expect([res.status, res.body.message]).toEqual([400, 'Can not move a deleting zone']);
  });
});
