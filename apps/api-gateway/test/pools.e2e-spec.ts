import request from 'supertest';
import { DEFAULT_POOL_ID, defaultPools } from '@zonewarden/config';
import { PoolsRepository } from '@zonewarden/persistence';
import { GatewayHarness, startGateway } from './support/gateway-harness';
import { ADMIN, MEMBER, READER } from './support/catalog-api';
import { TIMESTAMP } from './support/zone-shape';

const SECOND_POOL = { id: '5f3d8a9e-1b2c-4d5e-8f90-123456789abc', name: 'second' };
const POOL_KEYS = [
  'attributes',
  'created_at',
  'description',
  'id',
  'links',
  'name',
  'ns_records',
  'project_id',
  'updated_at',
];

describe('/v2/pools (read-only, from the pools file)', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await startGateway();
    const [pool] = defaultPools({ host: '127.0.0.1', port: 5354 });
    await new PoolsRepository(gw.prisma).sync([
      pool,
      {
        ...pool,
        ...SECOND_POOL,
        description: undefined,
        ns_records: [
          { hostname: 'ns2.second.test.', priority: 2 },
          { hostname: 'ns1.second.test.', priority: 1 },
        ],
      },
    ]);
  });
  afterAll(() => gw?.close());

  it("shows a pool in Designate's shape: attributes, ns_records by priority, project_id null", async () => {
    const res = await request(gw.url).get(`/v2/pools/${SECOND_POOL.id}`).set(ADMIN);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(POOL_KEYS);
    expect(res.body).toMatchObject({
      id: SECOND_POOL.id,
      name: 'second',
      description: null,
      project_id: null,
      attributes: {},
      ns_records: [
        { hostname: 'ns1.second.test.', priority: 1 },
        { hostname: 'ns2.second.test.', priority: 2 },
      ],
      links: { self: `${gw.url}/v2/pools/${SECOND_POOL.id}` },
    });
    expect(res.body.created_at).toMatch(TIMESTAMP);
  });

  it('lists the pools with links and metadata, filters by name, pages by marker', async () => {
    const all = await request(gw.url).get('/v2/pools').set(ADMIN);
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(['pools', 'links', 'metadata']);
    expect(all.body.pools.map((p: { id: string }) => p.id).sort()).toEqual(
      [SECOND_POOL.id, DEFAULT_POOL_ID].sort(),
    );
    const byName = await request(gw.url).get('/v2/pools').query({ name: 'def*' }).set(ADMIN);
    expect(byName.body.pools.map((p: { id: string }) => p.id)).toEqual([DEFAULT_POOL_ID]);
    const first = await request(gw.url).get('/v2/pools').query({ limit: 1, sort_key: 'name' }).set(ADMIN);
    expect(first.body.pools.map((p: { name: string }) => p.name)).toEqual(['default']);
    const next = await request(first.body.links.next).get('').set(ADMIN);
    expect(next.body.pools.map((p: { name: string }) => p.name)).toEqual(['second']);
    expect(next.body.links.next).toBeUndefined();
  });

  it('answers pool_not_found, invalid_uuid, marker and filter errors with 4xx', async () => {
    const missing = await request(gw.url).get('/v2/pools/00000000-0000-4000-8000-000000000000').set(ADMIN);
    expect([missing.status, missing.body.type, missing.body.message]).toEqual([
      404,
      'pool_not_found',
      'Could not find Pool',
    ]);
    const notUuid = await request(gw.url).get('/v2/pools/foo').set(ADMIN);
    expect(notUuid.body.message).toBe('Invalid UUID pool_id: foo');
    const cases: [request.Test, number, string][] = [
      [request(gw.url).get('/v2/pools/foo').set(ADMIN), 400, 'invalid_uuid'],
      [request(gw.url).get('/v2/pools').query({ marker: 'foo' }).set(ADMIN), 400, 'invalid_marker'],
      [
        request(gw.url).get('/v2/pools').query({ marker: '00000000-0000-4000-8000-000000000000' }).set(ADMIN),
        400,
        'marker_not_found',
      ],
      [request(gw.url).get('/v2/pools').query({ tenant_id: 'x' }).set(ADMIN), 400, 'bad_request'],
      [
        request(gw.url).get('/v2/pools').query({ sort_key: 'constructor' }).set(ADMIN),
        400,
        'invalid_sort_key',
      ],
      [request(gw.url).get('/v2/pools.json').set(ADMIN), 404, 'not_found'],
    ];
    for (const [sent, status, type] of cases) {
      const res = await sent;
      expect([res.status, res.body.type]).toEqual([status, type]);
    }
  });

  it('is read-only: POST, PATCH and DELETE answer 405', async () => {
    const answers = [
      await request(gw.url).post('/v2/pools').set(ADMIN).send({ name: 'x', ns_records: [] }),
      await request(gw.url).patch(`/v2/pools/${SECOND_POOL.id}`).set(ADMIN).send({ name: 'foo' }),
      await request(gw.url).delete(`/v2/pools/${SECOND_POOL.id}`).set(ADMIN),
    ];
    expect(answers.map((res) => [res.status, res.body.type])).toEqual(
      Array.from({ length: 3 }, () => [405, 'method_not_allowed']),
    );
  });

  it('is an admin resource: members and readers get 403', async () => {
    for (const headers of [MEMBER, READER]) {
      for (const path of ['/v2/pools', `/v2/pools/${DEFAULT_POOL_ID}`]) {
        const res = await request(gw.url).get(path).set(headers);
        expect([res.status, res.body.type]).toEqual([403, 'forbidden']);
      }
    }
  });
});
