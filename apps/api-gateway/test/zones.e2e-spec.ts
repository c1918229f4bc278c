import request from 'supertest';
import { ZONE_EVENT_PAYLOADS, ZoneEventPattern, parsePayload } from '@zonewarden/contracts';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import { TIMESTAMP, expectZoneShape } from './support/zone-shape';

const P1 = as('project-one');
const ADMIN = as('project-admin', 'admin');

describe('/v2/zones (SPEC-DECISIONS rows)', () => {
  let gw: GatewayHarness;
  const create = (name: string, extra: object = {}, headers = P1) =>
    request(gw.url)
      .post('/v2/zones')
      .set(headers)
      .send({ name, email: 'hostmaster@example.com', ...extra });

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw?.close());

  describe('POST /v2/zones', () => {
    it('answers 201 with Location, ACTIVE/CREATE, version 1, no updated_at, a unix-seconds serial', async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await create('create.example.com.', { ttl: 600, description: 'first' });
      expect(res.status).toBe(201);
      expectZoneShape(res.body, gw.url);
      expect(res.headers.location).toBe(res.body.links.self);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-openstack-request-id']).toMatch(/^req-[0-9a-f-]{36}$/);
      expect(res.body).toMatchObject({
        name: 'create.example.com.',
        email: 'hostmaster@example.com',
        ttl: 600,
        description: 'first',
        status: 'ACTIVE',
        action: 'CREATE',
        version: 1,
        updated_at: null,
        transferred_at: null,
        project_id: 'project-one',
        pool_id: '794ccc2c-d751-44fe-b57f-8894c9f5c842',
      });
      expect(res.body.serial).toBeGreaterThanOrEqual(before);
      expect(res.body.serial).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    });

    it('defaults ttl to 3600 and description to null, accepts ttl 0, echoes attributes', async () => {
      const plain = await create('defaults.example.com.');
      expect(plain.body).toMatchObject({ ttl: 3600, description: null, attributes: {} });
      const zero = await create('zero.example.com.', {
        ttl: 0,
        attributes: { tier: 'gold' },
        type: 'PRIMARY',
        masters: [],
      });
      expect(zero.status).toBe(201);
      expect(zero.body).toMatchObject({ ttl: 0, attributes: { tier: 'gold' }, type: 'PRIMARY', masters: [] });
    });

    it('keeps a name as given, and compares it without regard to case (as Designate stores it)', async () => {
      const res = await create('MiXeD.Example.COM.');
      expect(res.body.name).toBe('MiXeD.Example.COM.');
      expect((await create('mixed.example.com.')).body.type).toBe('duplicate_zone');
    });

    it('creates the managed SOA and NS record sets', async () => {
      const res = await create('managed.example.com.');
      const sets = await gw.prisma.recordSet.findMany({
        where: { zoneId: res.body.id },
        include: { records: true },
      });
      const byType = Object.fromEntries(sets.map((s) => [s.type, s]));
      expect(Object.keys(byType).sort()).toEqual(['NS', 'SOA']);
      expect(byType.SOA.managed).toBe(true);
      expect(byType.SOA.records[0].data).toBe(
        `ns1.zonewarden.test. hostmaster.example.com. ${res.body.serial} 3600 600 86400 3600`,
      );
      expect(byType.NS.records.map((r) => r.data)).toEqual(['ns1.zonewarden.test.']);
    });

    it('refuses a duplicate name, from the same project and from another (409 duplicate_zone)', async () => {
      await create('dup.example.com.');
      for (const headers of [P1, as('project-two')]) {
        const res = await create('DUP.example.com.', {}, headers);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ code: 409, type: 'duplicate_zone' });
        expect(typeof res.body.message).toBe('string');
        expect(res.body.request_id).toBe(res.headers['x-openstack-request-id']);
      }
    });

    it('refuses zones inside or above another project’s zone (403 illegal_child / illegal_parent)', async () => {
      await create('owned.example.org.');
      const child = await create('sub.owned.example.org.', {}, as('project-two'));
      expect(child.status).toBe(403);
      expect(child.body.type).toBe('illegal_child');
      const parent = await create('example.org.', {}, as('project-two'));
      expect(parent.status).toBe(403);
      expect(parent.body.type).toBe('illegal_parent');
      const ownChild = await create('sub.owned.example.org.');
      expect(ownChild.status).toBe(201);
    });

    it('finds another project’s subzone among many of the creator’s own (403 illegal_parent)', async () => {
      for (let i = 0; i < 12; i++) expect((await create(`c${i}.crowded.example.`)).status).toBe(201);
      expect((await create('other.crowded.example.', {}, as('project-two'))).status).toBe(201);
      const parent = await create('crowded.example.');
      expect(parent.status).toBe(403);
      expect(parent.body.type).toBe('illegal_parent');
    });

    it('lets 20 concurrent creations of one name produce exactly one zone', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => create('race.example.com.')));
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    });
  });

  describe('GET /v2/zones/{id}', () => {
    it('answers the zone, also for a GET sent with Content-Type: application/json and no body', async () => {
      const created = await create('get.example.com.');
      const res = await request(gw.url)
        .get(`/v2/zones/${created.body.id}`)
        .set(P1)
        .set('Content-Type', 'application/json');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created.body);
    });

    it('has an absolute self link that resolves', async () => {
      const created = await create('links.example.com.');
      const res = await fetch(created.body.links.self, { headers: P1 });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { id: string }).id).toBe(created.body.id);
    });

    it('answers 404 zone_not_found for an unknown id', async () => {
      const res = await request(gw.url).get('/v2/zones/00000000-0000-4000-8000-000000000000').set(P1);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 404, type: 'zone_not_found' });
    });
  });

  describe('PATCH /v2/zones/{id}', () => {
    it('answers 200 with updated_at set, a greater serial, version + 1 and action UPDATE', async () => {
      const created = await create('patch.example.com.');
      const res = await request(gw.url)
        .patch(`/v2/zones/${created.body.id}`)
        .set(P1)
        .send({ ttl: 300, description: 'changed' });
      expect(res.status).toBe(200);
      expectZoneShape(res.body, gw.url);
      expect(res.body).toMatchObject({
        ttl: 300,
        description: 'changed',
        version: 2,
        action: 'UPDATE',
        status: 'ACTIVE',
      });
      expect(res.body.updated_at).toMatch(TIMESTAMP);
      expect(res.body.serial).toBeGreaterThan(created.body.serial);
      const again = await request(gw.url)
        .patch(`/v2/zones/${created.body.id}`)
        .set(P1)
        .send({ email: 'other@example.com' });
      expect(again.body.serial).toBeGreaterThan(res.body.serial);
      expect(again.body.version).toBe(3);
      expect(again.body.email).toBe('other@example.com');
      const soa = await gw.prisma.record.findFirst({
        where: { recordset: { zoneId: created.body.id, type: 'SOA' } },
      });
      expect(soa?.data).toBe(
        `ns1.zonewarden.test. other.example.com. ${again.body.serial} 3600 600 86400 3600`,
      );
    });

    it('sets description back to null', async () => {
      const created = await create('nulldesc.example.com.', { description: 'x' });
      const res = await request(gw.url)
        .patch(`/v2/zones/${created.body.id}`)
        .set(P1)
        .send({ description: null });
      expect(res.body.description).toBeNull();
    });

    it.each([
      ['name', { name: 'patch2.example.com.' }],
      ['type', { type: 'PRIMARY' }],
      ['id', { id: '00000000-0000-4000-8000-000000000000' }],
      ['serial', { serial: 5 }],
      ['an unknown key', { junk: 1 }],
    ])('refuses %s with 400 invalid_object', async (_case, body) => {
      const created = await create(`immutable-${Object.keys(body)[0]}.example.com.`);
      const res = await request(gw.url).patch(`/v2/zones/${created.body.id}`).set(P1).send(body);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('invalid_object');
      expect(res.body.message).toContain(`['${Object.keys(body)[0]}']`);
    });
  });

  describe('DELETE /v2/zones/{id}', () => {
    it('answers 202 PENDING/DELETE; the zone stays readable and listed, and cannot be patched', async () => {
      const created = await create('delete.example.com.');
      const res = await request(gw.url).delete(`/v2/zones/${created.body.id}`).set(P1);
      expect(res.status).toBe(202);
      expectZoneShape(res.body, gw.url);
      expect(res.body).toMatchObject({ status: 'PENDING', action: 'DELETE', version: 2 });
      const got = await request(gw.url).get(`/v2/zones/${created.body.id}`).set(P1);
      expect(got.body).toMatchObject({ status: 'PENDING', action: 'DELETE' });
      const listed = await request(gw.url).get('/v2/zones?name=delete.example.com.').set(P1);
      expect(listed.body.zones.map((z: { id: string }) => z.id)).toEqual([created.body.id]);
      const patch = await request(gw.url).patch(`/v2/zones/${created.body.id}`).set(P1).send({ ttl: 1 });
      expect(patch.status).toBe(400);
      expect(patch.body).toMatchObject({ type: 'bad_request', message: 'Can not update a deleting zone' });
      const twice = await request(gw.url).delete(`/v2/zones/${created.body.id}`).set(P1);
      expect(twice.status).toBe(202);
      expect(twice.body.version).toBe(2);
    });
  });

  describe('GET /v2/zones/{id}/nameservers', () => {
    it('lists the pool NS records', async () => {
      const created = await create('ns.example.com.');
      const res = await request(gw.url).get(`/v2/zones/${created.body.id}/nameservers`).set(P1);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ nameservers: [{ hostname: 'ns1.zonewarden.test.', priority: 1 }] });
    });
  });

  describe('POST /v2/zones/{id}/tasks/abandon', () => {
    it('answers 204 to an admin and removes the zone from storage', async () => {
      const created = await create('abandon.example.com.');
      const res = await request(gw.url)
        .post(`/v2/zones/${created.body.id}/tasks/abandon`)
        .set({ ...ADMIN, 'X-Auth-Sudo-Project-ID': 'project-one' });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      const got = await request(gw.url).get(`/v2/zones/${created.body.id}`).set(P1);
      expect(got.status).toBe(404);
      expect(await gw.prisma.recordSet.count({ where: { zoneId: created.body.id } })).toBe(0);
    });

    it('answers 403 forbidden to a member, and 405 to a GET', async () => {
      const created = await create('abandon2.example.com.');
      const res = await request(gw.url).post(`/v2/zones/${created.body.id}/tasks/abandon`).set(P1);
      expect(res.status).toBe(403);
      expect(res.body.type).toBe('forbidden');
      const get = await request(gw.url).get(`/v2/zones/${created.body.id}/tasks/abandon`).set(ADMIN);
      expect(get.status).toBe(405);
      expect(get.body.type).toBe('method_not_allowed');
    });
  });

  describe('GET /v2/zones', () => {
    it('puts the array first, then links, then metadata; next only when more items exist', async () => {
      const project = as('project-list');
      for (const name of ['a.list.test.', 'b.list.test.', 'c.list.test.']) await create(name, {}, project);
      const first = await request(gw.url).get('/v2/zones?limit=2').set(project);
      expect(first.status).toBe(200);
      expect(Object.keys(first.body)).toEqual(['zones', 'links', 'metadata']);
      expect(first.body.metadata).toEqual({ total_count: 3 });
      expect(first.body.links.self).toBe(`${gw.url}/v2/zones?limit=2`);
      expect(first.body.links.next).toBe(`${gw.url}/v2/zones?limit=2&marker=${first.body.zones[1].id}`);
      first.body.zones.forEach((zone: Record<string, unknown>) => expectZoneShape(zone, gw.url));
      const next = await fetch(first.body.links.next, { headers: project });
      const second = (await next.json()) as { zones: { name: string }[]; links: { next?: string } };
      expect(second.zones.map((z) => z.name)).toEqual(['c.list.test.']);
      expect(second.links.next).toBeUndefined();
      const exact = await request(gw.url).get('/v2/zones?limit=3').set(project);
      expect(exact.body.links.next).toBeUndefined();
    });

    it('filters by every zone filter, with * wildcards and literal % and _', async () => {
      const project = as('project-filter');
      await create('alpha.filter.test.', { ttl: 111, description: '100%_real' }, project);
      await create('beta.filter.test.', { ttl: 222, email: 'ops@filter.test' }, project);
      const names = async (query: string) =>
        (await request(gw.url).get(`/v2/zones?${query}`).set(project)).body.zones.map(
          (z: { name: string }) => z.name,
        );
      expect(await names('name=alpha.filter.test.')).toEqual(['alpha.filter.test.']);
      expect(await names('name=*.filter.test.')).toEqual(['alpha.filter.test.', 'beta.filter.test.']);
      expect(await names('name=*ta*')).toEqual(['beta.filter.test.']);
      expect(await names('ttl=222')).toEqual(['beta.filter.test.']);
      expect(await names('email=ops@*')).toEqual(['beta.filter.test.']);
      expect(await names(`description=${encodeURIComponent('100%_real')}`)).toEqual(['alpha.filter.test.']);
      expect(await names(`description=${encodeURIComponent('100%')}`)).toEqual([]);
      expect(await names(`description=${encodeURIComponent('100_%real')}`)).toEqual([]);
      expect(await names('status=ACTIVE&type=PRIMARY&sort_key=name&sort_dir=desc')).toEqual([
        'beta.filter.test.',
        'alpha.filter.test.',
      ]);
      expect(await names('status=ERROR')).toEqual([]);
    });

    it('clamps a limit above the maximum and answers limit=max', async () => {
      const clamped = await request(gw.url).get('/v2/zones?limit=100000').set(P1);
      expect(clamped.status).toBe(200);
      const max = await request(gw.url).get('/v2/zones?limit=max').set(P1);
      expect(max.status).toBe(200);
    });
  });
});

describe('zone events (contract: what the gateway emits, consumers accept)', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw?.close());

  it('writes one valid event per change, in order, with the request id', async () => {
    const created = await request(gw.url)
      .post('/v2/zones')
      .set(P1)
      .send({ name: 'events.example.com.', email: 'a@b.c' });
    const patched = await request(gw.url).patch(`/v2/zones/${created.body.id}`).set(P1).send({ ttl: 60 });
    const deleted = await request(gw.url).delete(`/v2/zones/${created.body.id}`).set(P1);
    const messages = await gw.prisma.outboxMessage.findMany({ orderBy: { createdAt: 'asc' } });
    expect(messages.map((m) => m.pattern)).toEqual(['zone.created', 'zone.updated', 'zone.deleted']);
    const events = messages.map((m) =>
      parsePayload(ZONE_EVENT_PAYLOADS[m.pattern as ZoneEventPattern], m.payload),
    );
    expect(events.map((e) => e.serial)).toEqual([
      created.body.serial,
      patched.body.serial,
      deleted.body.serial,
    ]);
    expect(events.every((e) => e.zoneId === created.body.id && e.projectId === 'project-one')).toBe(true);
    expect(messages.map((m) => (m.headers as { requestId: string }).requestId)).toEqual(
      [created, patched, deleted].map((r) => r.headers['x-openstack-request-id']),
    );
  });
});
