import request from 'supertest';
import { TokensRepository } from '@zonewarden/persistence';
import { GatewayHarness, startGateway } from './support/gateway-harness';
import { TIMESTAMP, UUID } from './support/zone-shape';

const DOMAIN_KEYS = ['created_at', 'description', 'email', 'id', 'name', 'serial', 'ttl', 'updated_at'];
const SUMMARY_KEYS = ['created_at', 'email', 'id', 'name', 'serial', 'ttl'];
const SERVER_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function expectDomain(domain: Record<string, unknown>): void {
  expect(Object.keys(domain).sort()).toEqual(DOMAIN_KEYS);
  expect(domain.id).toMatch(UUID);
  expect(domain.name).toMatch(/\.$/);
  expect(typeof domain.email).toBe('string');
  expect(Number.isInteger(domain.ttl)).toBe(true);
  expect(Number.isInteger(domain.serial)).toBe(true);
  expect(domain.created_at).toMatch(TIMESTAMP);
  if (domain.updated_at !== null) expect(domain.updated_at).toMatch(TIMESTAMP);
  expect(domain.description === null || typeof domain.description === 'string').toBe(true);
}

describe('legacy /domains interface (AUTH_STRATEGY=token)', () => {
  let gw: GatewayHarness;
  const tokens: Record<string, string> = {};
  const as = (who: string) => ({ 'X-Auth-Token': tokens[who] });
  const create = (name: string, who = 'member', extra: object = {}) =>
    request(gw.url)
      .post('/domains')
      .set(as(who))
      .send({ name, email: 'hostmaster@example.com', ttl: 3600, ...extra });

  beforeAll(async () => {
    gw = await startGateway({ AUTH_STRATEGY: 'token' });
    const repo = new TokensRepository(gw.prisma);
    for (const [who, projectId, roles] of [
      ['member', 'project-legacy', ['member']],
      ['reader', 'project-legacy', ['reader']],
      ['other', 'project-other', ['member']],
    ] as const) {
      tokens[who] = (await repo.issue({ projectId, userId: who, roles: [...roles] })).token;
    }
  });
  afterAll(() => gw?.close());

  describe('POST /domains', () => {
    it('200 with the Domain: description null, updated_at null', async () => {
      const res = await create('legacy.example.com.');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectDomain(res.body);
      expect(res.body).toMatchObject({
        name: 'legacy.example.com.',
        ttl: 3600,
        email: 'hostmaster@example.com',
        description: null,
        updated_at: null,
      });
    });

    it('401 Access Denied without or with invalid credentials', async () => {
      for (const headers of [{}, { 'X-Auth-Token': 'zw_nope' }]) {
        const res = await request(gw.url)
          .post('/domains')
          .set(headers)
          .send({ name: 'x.example.com.', email: 'a@b.c' });
        expect(res.status).toBe(401);
        expect(res.text).toBe('Access Denied');
      }
    });

    it('400 invalid_object for an invalid body, 409 duplicate_domain for a taken name', async () => {
      const invalid = await request(gw.url)
        .post('/domains')
        .set(as('member'))
        .send({ name: 'nodot', email: 'a@b.c' });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({ code: 400, type: 'invalid_object' });
      expect(invalid.body.errors).toEqual([expect.objectContaining({ path: 'name', validator: 'format' })]);
      await create('taken.example.com.');
      const duplicate = await create('taken.example.com.', 'other');
      expect(duplicate.status).toBe(409);
      expect(duplicate.body).toMatchObject({ code: 409, type: 'duplicate_domain' });
    });
  });

  describe('GET /domains/{id}', () => {
    it('200 with the Domain; 401 Access Denied without credentials; 404 domain_not_found when missing', async () => {
      const created = await create('get.legacy.example.com.');
      const res = await request(gw.url).get(`/domains/${created.body.id}`).set(as('member'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created.body);
      const unauth = await request(gw.url).get(`/domains/${created.body.id}`);
      expect([unauth.status, unauth.text]).toEqual([401, 'Access Denied']);
      const missing = await request(gw.url)
        .get('/domains/7d5e8f8e-0000-4000-8000-000000000000')
        .set(as('member'));
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 404, type: 'domain_not_found' });
    });
  });

  describe('PUT /domains/{id}', () => {
    it('200 with updated_at set and the serial changed; the name stays', async () => {
      const created = await create('put.legacy.example.com.');
      const res = await request(gw.url)
        .put(`/domains/${created.body.id}`)
        .set(as('member'))
        .send({ name: 'put.legacy.example.com.', ttl: 7200, email: 'other@example.com' });
      expect(res.status).toBe(200);
      expectDomain(res.body);
      expect(res.body).toMatchObject({
        name: 'put.legacy.example.com.',
        ttl: 7200,
        email: 'other@example.com',
      });
      expect(res.body.updated_at).toMatch(TIMESTAMP);
      expect(res.body.serial).toBeGreaterThan(created.body.serial);
    });

    it('400 for an invalid body, a rename or a missing domain; 409 never (names do not change); 401 Access Denied', async () => {
      const created = await create('put2.legacy.example.com.');
      const invalid = await request(gw.url)
        .put(`/domains/${created.body.id}`)
        .set(as('member'))
        .send({ ttl: 0 });
      expect([invalid.status, invalid.body.type]).toEqual([400, 'invalid_object']);
      const rename = await request(gw.url)
        .put(`/domains/${created.body.id}`)
        .set(as('member'))
        .send({ name: 'renamed.example.com.' });
      expect([rename.status, rename.body.type]).toEqual([400, 'invalid_object']);
      const missing = await request(gw.url)
        .put('/domains/7d5e8f8e-0000-4000-8000-000000000000')
        .set(as('member'))
        .send({ ttl: 60 });
      expect([missing.status, missing.body.type]).toEqual([400, 'domain_not_found']);
      const unauth = await request(gw.url).put(`/domains/${created.body.id}`).send({ ttl: 60 });
      expect([unauth.status, unauth.text]).toEqual([401, 'Access Denied']);
    });
  });

  describe('DELETE /domains/{id}', () => {
    it('200, empty text/html body, asynchronous delete; the domain then answers 404 and leaves the list', async () => {
      const created = await create('delete.legacy.example.com.');
      const res = await request(gw.url).delete(`/domains/${created.body.id}`).set(as('member'));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toBe('');
      const zone = await request(gw.url).get(`/v2/zones/${created.body.id}`).set(as('member'));
      expect(zone.body).toMatchObject({ status: 'PENDING', action: 'DELETE' });
      expect((await request(gw.url).get(`/domains/${created.body.id}`).set(as('member'))).status).toBe(404);
      const list = await request(gw.url).get('/domains').set(as('member'));
      expect(list.body.domains.map((d: { id: string }) => d.id)).not.toContain(created.body.id);
      const again = await request(gw.url).delete(`/domains/${created.body.id}`).set(as('member'));
      expect([again.status, again.body.type]).toEqual([404, 'domain_not_found']);
      const unauth = await request(gw.url).delete(`/domains/${created.body.id}`);
      expect([unauth.status, unauth.text]).toEqual([401, 'Access Denied']);
    });
  });

  describe('GET /domains/{id}/servers', () => {
    it('200 with a bare array of {id, name, created_at, updated_at} from the pool NS records', async () => {
      const created = await create('servers.legacy.example.com.');
      const res = await request(gw.url).get(`/domains/${created.body.id}/servers`).set(as('member'));
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body).toHaveLength(1);
      expect(Object.keys(res.body[0]).sort()).toEqual(['created_at', 'id', 'name', 'updated_at']);
      expect(res.body[0].id).toMatch(UUID);
      expect(res.body[0].name).toBe('ns1.zonewarden.test.');
      expect(res.body[0].created_at).toMatch(SERVER_TIMESTAMP);
      expect(res.body[0].updated_at).toBeNull();
      const missing = await request(gw.url)
        .get('/domains/7d5e8f8e-0000-4000-8000-000000000000/servers')
        .set(as('member'));
      expect([missing.status, missing.body.type]).toEqual([404, 'domain_not_found']);
      const unauth = await request(gw.url).get(`/domains/${created.body.id}/servers`);
      expect([unauth.status, unauth.text]).toEqual([401, 'Access Denied']);
    });
  });

  describe('GET /domains', () => {
    it('200 {domains: [...]} with exactly name, created_at, email, ttl, serial, id; 401 Access Denied', async () => {
      const res = await request(gw.url).get('/domains').set(as('member'));
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['domains']);
      expect(res.body.domains.length).toBeGreaterThan(0);
      for (const domain of res.body.domains) {
        expect(Object.keys(domain).sort()).toEqual(SUMMARY_KEYS);
        expect(domain.created_at).toMatch(TIMESTAMP);
      }
      const unauth = await request(gw.url).get('/domains');
      expect([unauth.status, unauth.text]).toEqual([401, 'Access Denied']);
    });
  });

  describe('one zone, two interfaces', () => {
    it('a domain is the same zone through /v2/zones, and changes through either show in the other', async () => {
      const domain = (await create('both.legacy.example.com.', 'member', { description: 'legacy' })).body;
      const zone = await request(gw.url).get(`/v2/zones/${domain.id}`).set(as('member'));
      expect(zone.body).toMatchObject({
        id: domain.id,
        name: domain.name,
        email: domain.email,
        ttl: domain.ttl,
        serial: domain.serial,
        description: 'legacy',
      });
      const put = await request(gw.url).put(`/domains/${domain.id}`).set(as('member')).send({ ttl: 900 });
      const afterPut = await request(gw.url).get(`/v2/zones/${domain.id}`).set(as('member'));
      expect(afterPut.body).toMatchObject({ ttl: 900, serial: put.body.serial, action: 'UPDATE' });
      const patch = await request(gw.url)
        .patch(`/v2/zones/${domain.id}`)
        .set(as('member'))
        .send({ email: 'v2@example.com' });
      const afterPatch = await request(gw.url).get(`/domains/${domain.id}`).set(as('member'));
      expect(afterPatch.body).toMatchObject({ email: 'v2@example.com', serial: patch.body.serial });
      const v2 = await request(gw.url)
        .post('/v2/zones')
        .set(as('member'))
        .send({ name: 'from-v2.example.com.', email: 'a@b.c' });
      const asDomain = await request(gw.url).get(`/domains/${v2.body.id}`).set(as('member'));
      expect(asDomain.body).toMatchObject({
        id: v2.body.id,
        name: 'from-v2.example.com.',
        serial: v2.body.serial,
      });
    });

    it('/v1/domains is an alias', async () => {
      const created = await create('alias.legacy.example.com.');
      const res = await request(gw.url).get(`/v1/domains/${created.body.id}`).set(as('member'));
      expect(res.body).toEqual(created.body);
    });
  });
});
