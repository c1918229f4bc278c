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

describe("/v2/pools (the pools file's, and admin-created ones)", () => {
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

  it("creates (201, Location), updates (202) and deletes (204) pools, as Designate's deprecated methods", async () => {
    const created = await request(gw.url)
      .post('/v2/pools')
      .set(ADMIN)
      .send({ name: 'Example Pool', ns_records: [{ hostname: 'ns1.example.org.', priority: 1 }] });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(POOL_KEYS);
    expect(created.body).toMatchObject({
      name: 'Example Pool',
      description: null,
      project_id: 'project-admin',
      attributes: {},
      ns_records: [{ hostname: 'ns1.example.org.', priority: 1 }],
    });
    const url = `/v2/pools/${created.body.id}`;
    expect(created.headers.location).toBe(`${gw.url}${url}`);
    expect((await request(gw.url).get(url).set(ADMIN)).body).toEqual(created.body);

    const patched = await request(gw.url)
      .patch(url)
      .set(ADMIN)
      .send({
        name: 'foo',
        description: 'patched',
        ns_records: [{ hostname: 'ns2.example.org.', priority: 2 }],
      });
    expect(patched.status).toBe(202);
    expect(patched.body.description).toBe('patched');
    const renamed = await request(gw.url).patch(url).set(ADMIN).send({ name: 'foo' });
    expect(renamed.body).toMatchObject({ name: 'foo', description: 'patched' });
    expect(patched.body).toMatchObject({
      name: 'foo',
      ns_records: [{ hostname: 'ns2.example.org.', priority: 2 }],
    });
    expect(patched.body.updated_at).toMatch(TIMESTAMP);

    // Designate's project_id, as its tempest suite sends it: given on create, changed by PATCH.
    const owned = await request(gw.url).post('/v2/pools').set(ADMIN).send({ name: 'owned', project_id: '1' });
    expect([owned.status, owned.body.project_id]).toEqual([201, '1']);
    const moved = await request(gw.url)
      .patch(`/v2/pools/${owned.body.id}`)
      .set(ADMIN)
      .send({ project_id: null });
    expect([moved.status, moved.body.project_id]).toEqual([202, null]);
    expect((await request(gw.url).delete(`/v2/pools/${owned.body.id}`).set(ADMIN)).status).toBe(204);

    const taken = await request(gw.url).post('/v2/pools').set(ADMIN).send({ name: 'foo' });
    expect([taken.status, taken.body.type]).toEqual([409, 'duplicate_pool']);

    const deleted = await request(gw.url).delete(url).set(ADMIN);
    expect(deleted.status).toBe(204);
    const gone = await request(gw.url).get(url).set(ADMIN);
    expect([gone.status, gone.body.type]).toEqual([404, 'pool_not_found']);
  });

  it('refuses bad pools (400), unknown ids (404), and the deletion of a pool with zones (400)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [request.Test, number, string][] = [
      [request(gw.url).post('/v2/pools').set(ADMIN).send({ ns_records: [] }), 400, 'invalid_object'],
      [
        request(gw.url)
          .post('/v2/pools')
          .set(ADMIN)
          .send({ name: 'x'.repeat(51) }),
        400,
        'invalid_object',
      ],
      [
        request(gw.url)
          .post('/v2/pools')
          .set(ADMIN)
          .send({ name: 'bad-ns', ns_records: [{ hostname: 'ns1.example.org.', priority: 0 }] }),
        400,
        'invalid_object',
      ],
      [
        request(gw.url)
          .post('/v2/pools')
          .set(ADMIN)
          .send({ name: 'bad-ns', ns_records: [{ hostname: 'no dot', priority: 1 }] }),
        400,
        'invalid_object',
      ],
      [
        request(gw.url)
          .post('/v2/pools')
          .set(ADMIN)
          .send({
            name: 'twice',
            ns_records: [
              { hostname: 'ns1.example.org.', priority: 1 },
              { hostname: 'NS1.example.org.', priority: 2 },
            ],
          }),
        400,
        'bad_request',
      ],
      [request(gw.url).post('/v2/pools').set(ADMIN).send({ name: 'x', id: unknown }), 400, 'invalid_object'],
      [request(gw.url).patch(`/v2/pools/${unknown}`).set(ADMIN).send({ name: 'x' }), 404, 'pool_not_found'],
      [request(gw.url).delete(`/v2/pools/${unknown}`).set(ADMIN), 404, 'pool_not_found'],
      [request(gw.url).patch('/v2/pools/foo').set(ADMIN).send({ name: 'x' }), 400, 'invalid_uuid'],
      [request(gw.url).delete('/v2/pools/foo').set(ADMIN), 400, 'invalid_uuid'],
    ];
    for (const [sent, status, type] of cases) {
      const res = await sent;
      expect([res.status, res.body.type]).toEqual([status, type]);
    }
    const zone = await request(gw.url)
      .post('/v2/zones')
      .set(MEMBER)
      .send({ name: 'in-default-pool.example.net.', email: 'a@example.net' });
    expect(zone.status).toBe(201);
    const inUse = await request(gw.url).delete(`/v2/pools/${DEFAULT_POOL_ID}`).set(ADMIN);
    expect([inUse.status, inUse.body.type, inUse.body.message]).toEqual([
      400,
      'invalid_operation',
      'pool must not contain zones',
    ]);
  });

  it('is an admin resource: members and readers get 403', async () => {
    for (const headers of [MEMBER, READER]) {
      for (const path of ['/v2/pools', `/v2/pools/${DEFAULT_POOL_ID}`]) {
        const res = await request(gw.url).get(path).set(headers);
        expect([res.status, res.body.type]).toEqual([403, 'forbidden']);
      }
      const changes = [
        request(gw.url).post('/v2/pools').set(headers).send({ name: 'mine' }),
        request(gw.url).patch(`/v2/pools/${SECOND_POOL.id}`).set(headers).send({ name: 'mine' }),
        request(gw.url).delete(`/v2/pools/${SECOND_POOL.id}`).set(headers),
      ];
      for (const sent of changes) expect((await sent).status).toBe(403);
    }
  });
});
