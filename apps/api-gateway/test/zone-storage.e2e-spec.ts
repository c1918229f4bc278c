import { randomUUID } from 'node:crypto';
import { Client, Pool } from 'pg';
import request from 'supertest';
import { ZonesRepository, clientOf, withTransaction } from '@zonewarden/persistence';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const OWNER = as('storage-owner');
const OTHER = as('storage-other');
const ADMIN = as('storage-admin', 'admin');

/** The zone storage's indexed paths (docs/persistence.md, "Zones at scale"), through the API. */
describe('zone storage at scale', () => {
  let gw: GatewayHarness;
  const create = (name: string, headers = OWNER) =>
    request(gw.url).post('/v2/zones').set(headers).send({ name, email: 'hostmaster@example.com' });
  const sql = <T>(text: string, ...values: unknown[]) =>
    gw.prisma.pg.query(text, values).then((result) => result.rows as T[]);

  /** Each project's counters, and the installation's, against the zones they count. */
  async function expectCountersTrue(): Promise<void> {
    const counted = await sql(`SELECT project_id, sum(count)::int AS count, sum(total)::int AS total
      FROM project_zone_counts GROUP BY project_id HAVING sum(total) <> 0 ORDER BY project_id`);
    const actual = await sql(`SELECT project_id, (count(*) FILTER (WHERE status <> 'DELETED'))::int AS count,
      count(*)::int AS total FROM zones GROUP BY project_id ORDER BY project_id`);
    expect(counted).toEqual(actual);
    expect(await sql('SELECT coalesce(sum(total), 0)::int AS total FROM zone_counts')).toEqual(
      await sql('SELECT count(*)::int AS total FROM zones'),
    );
  }

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw?.close());

  describe("zones inside or above another project's zone", () => {
    beforeAll(async () => {
      for (const name of ['example.com.', 'deep.b.example.net.'])
        expect((await create(name, OTHER)).status).toBe(201);
    });

    it.each([
      ['inside it', 'www.example.com.', 'illegal_child'],
      ['two labels inside it', 'a.b.example.com.', 'illegal_child'],
      ['above it', 'b.example.net.', 'illegal_parent'],
      ['two labels above it', 'example.net.', 'illegal_parent'],
    ])('refuses a zone %s (403 %s)', async (_, name, type) => {
      const res = await create(name);
      expect(res.status).toBe(403);
      expect(res.body.type).toBe(type);
    });

    it('allows names that share a suffix but not a label boundary, in both directions', async () => {
      for (const name of ['ample.com.', 'www.ample.com.', 'eep.b.example.net.', 'x.eep.b.example.net.'])
        expect((await create(name)).status).toBe(201);
      // …and the other project's zones do not stand in the way of names under these either.
      expect((await create('mple.com.', OTHER)).status).toBe(201);
    });

    it("allows the zone's own project inside and above it", async () => {
      expect((await create('sub.example.com.', OTHER)).status).toBe(201);
      expect((await create('x.deep.b.example.net.', OTHER)).status).toBe(201);
      expect((await create('c.d.example.info.', OTHER)).status).toBe(201);
      expect((await create('example.info.', OTHER)).status).toBe(201);
    });

    it('finds a zone being deleted still in the way, and none once it is gone', async () => {
      const zone = await create('gone.example.org.', OTHER);
      await request(gw.url).delete(`/v2/zones/${zone.body.id}`).set(OTHER);
      expect((await create('x.gone.example.org.')).body.type).toBe('illegal_child');
      await sql(`DELETE FROM zones WHERE id = $1`, zone.body.id);
      expect((await create('x.gone.example.org.')).status).toBe(201);
    });
  });

  it('creates a zone in two statements, the second a transaction by itself with its announcement', async () => {
    const statements = jest.spyOn(Client.prototype, 'query');
    try {
      expect((await create('trips.example.')).status).toBe(201);
      // The creation's statements, among the gateway's background work (heartbeats, the outbox relay).
      const texts = statements.mock.calls.map(([sent]) =>
        typeof sent === 'string' ? sent : (sent as { name?: string }).name,
      );
      const creation = ['zone-creation-context', 'zone-insert', 'zone-insert-announced', 'outbox-insert'];
      expect(texts.filter((text) => creation.includes(text!))).toEqual([
        'zone-creation-context',
        'zone-insert-announced',
      ]);
      const client = statements.mock.contexts[texts.indexOf('zone-insert-announced')];
      const own = texts.filter((_, i) => statements.mock.contexts[i] === client);
      const insert = own.indexOf('zone-insert-announced');
      expect(own[insert - 1]).not.toBe('BEGIN');
      expect(own[insert + 1]).not.toBe('COMMIT');
      const [announced] = await sql<{ payload: { zoneName: string } }>(
        `SELECT payload FROM outbox_messages WHERE pattern = 'zone.created' AND payload->>'zoneName' = $1`,
        'trips.example.',
      );
      expect(announced).toBeDefined();
    } finally {
      statements.mockRestore();
    }
  });

  describe('the zone quota', () => {
    const PROJECT = as('storage-quota');

    it('lets exactly 5 of 20 concurrent creations through at quota 5', async () => {
      const set = await request(gw.url).patch('/v2/quotas/storage-quota').set(ADMIN).send({ zones: 5 });
      expect(set.status).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => create(`q${i}.quota.example.`, PROJECT)),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused).toHaveLength(15);
      for (const res of refused) expect(res.body.type).toBe('over_quota');
      const listed = await request(gw.url).get('/v2/zones').set(PROJECT);
      expect(listed.body.metadata.total_count).toBe(5);
    });

    it('holds with 20 creations overlapping, each open a while after its insert', async () => {
      // Through the HTTP API the gateway's small pool lets few transactions overlap: here 20 do.
      const pool = new Pool({ connectionString: gw.db.url, max: 20 });
      const zones = gw.app.get(ZonesRepository);
      const zone = (i: number) => ({
        id: randomUUID(),
        projectId: 'storage-overlap',
        poolId: '794ccc2c-d751-44fe-b57f-8894c9f5c842',
        name: `o${i}.overlap.example.`,
        email: 'a.example.',
        ttl: 300,
        description: null,
        attributes: {},
      });
      try {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            withTransaction(pool, async (tx) => {
              const created = await zones.insert(tx, zone(i), 1, 5, []);
              await clientOf(tx).query('SELECT pg_sleep(0.05)');
              return created;
            }),
          ),
        );
        expect(results.filter((result) => result.zone !== null)).toHaveLength(5);
        expect(results.filter((result) => result.liveZones === 5)).toHaveLength(15);
      } finally {
        await pool.end();
      }
    });

    it('counts zones moved by a transfer, and a recount agrees with the triggers', async () => {
      const zone = await create('moved.quota.example.', OTHER);
      const offer = await request(gw.url)
        .post(`/v2/zones/${zone.body.id}/tasks/transfer_requests`)
        .set(OTHER)
        .send({ target_project_id: 'storage-quota-2' });
      expect(offer.status).toBe(201);
      const accept = await request(gw.url)
        .post('/v2/zones/tasks/transfer_accepts')
        .set(as('storage-quota-2'))
        .send({ zone_transfer_request_id: offer.body.id, key: offer.body.key });
      expect(accept.status).toBe(201);
      await expectCountersTrue();
      const before = await sql(`SELECT project_id, sum(count)::int AS count, sum(total)::int AS total
        FROM project_zone_counts GROUP BY project_id HAVING sum(total) <> 0 ORDER BY project_id`);
      await sql('SELECT zonewarden_recount_projects()');
      expect(
        await sql(`SELECT project_id, count, total FROM project_zone_counts ORDER BY project_id`),
      ).toEqual(before);
    });
  });

  describe('total_count', () => {
    const PROJECT = as('storage-count');
    const list = (query: string, headers: Record<string, string> = PROJECT) =>
      request(gw.url).get(`/v2/zones?${query}`).set(headers);

    beforeAll(async () => {
      for (let i = 0; i < 6; i++) expect((await create(`c${i}.count.example.`, PROJECT)).status).toBe(201);
      const shared = await create('shared.count.example.', OTHER);
      const share = await request(gw.url)
        .post(`/v2/zones/${shared.body.id}/shares`)
        .set(OTHER)
        .send({ target_project_id: 'storage-count' });
      expect(share.status).toBe(201);
    });

    it("counts the project's zones and those shared with it, from the counters and filtered", async () => {
      const all = await list('limit=2');
      expect(all.body.metadata.total_count).toBe(7);
      expect(all.body.zones).toHaveLength(2);
      expect((await list('name=c*')).body.metadata.total_count).toBe(6);
      expect((await list('name=shared.count.example.')).body.metadata.total_count).toBe(1);
      const admin = await list('all_projects=true&limit=1', ADMIN);
      expect(admin.body.metadata.total_count).toBe(
        Number((await sql<{ n: string }>('SELECT count(*) AS n FROM zones'))[0].n),
      );
    });

    it("counts every project's zones for an admin from the installation's counters, as zones come and go", async () => {
      const allProjects = async () =>
        (await list('all_projects=true&limit=1', ADMIN)).body.metadata.total_count as number;
      const start = await allProjects();
      const created = [];
      for (const [i, headers] of [OWNER, OTHER, as('storage-count-3')].entries()) {
        const zone = await create(`all${i}.count.example.`, headers);
        expect(zone.status).toBe(201);
        created.push(zone.body.id as string);
      }
      expect(await allProjects()).toBe(start + 3);
      // Deleting keeps the row (DELETED) until it is purged: counted until then, as in a project's count.
      expect((await request(gw.url).delete(`/v2/zones/${created[0]}`).set(OWNER)).status).toBe(202);
      expect(await allProjects()).toBe(start + 3);
      await sql('DELETE FROM zones WHERE id = ANY($1::uuid[])', created.slice(0, 2));
      expect(await allProjects()).toBe(start + 1);
      await expectCountersTrue();
      const before = await sql('SELECT sum(total)::int AS total FROM zone_counts');
      await sql('SELECT zonewarden_recount_projects()');
      expect(await sql('SELECT shard, total FROM zone_counts')).toEqual([
        { shard: 0, total: before[0].total },
      ]);
      expect(await allProjects()).toBe(start + 1);
    });

    it('is left out with OpenStack-DNS-Hide-Counts: true, on every collection', async () => {
      const zones = await list('').set('OpenStack-DNS-Hide-Counts', 'true');
      expect(zones.status).toBe(200);
      expect(Object.keys(zones.body)).toEqual(['zones', 'links']);
      expect((await list('').set('OpenStack-DNS-Hide-Counts', 'false')).body.metadata.total_count).toBe(7);
      const zoneId = zones.body.zones[0].id;
      const collections: [string, Record<string, string>][] = [
        [`/v2/zones/${zoneId}/recordsets`, PROJECT],
        ['/v2/recordsets', PROJECT],
        ['/v2/zones/tasks/imports', PROJECT],
        ['/v2/tsigkeys', ADMIN],
        ['/v2/pools', ADMIN],
      ];
      for (const [path, headers] of collections) {
        const shown = await request(gw.url).get(path).set(headers);
        expect(shown.body.metadata).toEqual({ total_count: expect.any(Number) });
        const hidden = await request(gw.url).get(path).set(headers).set('OpenStack-DNS-Hide-Counts', 'TRUE');
        expect(hidden.status).toBe(200);
        expect(hidden.body.metadata).toBeUndefined();
      }
    });
  });
});
