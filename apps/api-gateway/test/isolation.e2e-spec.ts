import request from 'supertest';
import { TokensRepository } from '@zonewarden/persistence';
import { GatewayHarness, startGateway } from './support/gateway-harness';

const ZONE_BODY = { name: 'isolated.example.net.', email: 'owner@example.net' };

describe('authentication, roles and project isolation (AUTH_STRATEGY=token)', () => {
  let gw: GatewayHarness;
  let zoneId: string;
  const tokens: Record<string, string> = {};
  const auth = (who: string) => ({ 'X-Auth-Token': tokens[who] });

  beforeAll(async () => {
    gw = await startGateway({ AUTH_STRATEGY: 'token' });
    const repo = new TokensRepository(gw.prisma);
    const issue = async (who: string, projectId: string, roles: string[]) => {
      tokens[who] = (await repo.issue({ projectId, userId: who, roles })).token;
    };
    await issue('ownerMember', 'project-a', ['member']);
    await issue('ownerReader', 'project-a', ['reader']);
    await issue('otherMember', 'project-b', ['member']);
    await issue('otherAdmin', 'project-b', ['admin']);
    const created = await request(gw.url).post('/v2/zones').set(auth('ownerMember')).send(ZONE_BODY);
    expect(created.status).toBe(201);
    zoneId = created.body.id;
    await request(gw.url)
      .post('/v2/zones')
      .set(auth('otherMember'))
      .send({ name: 'theirs.example.org.', email: 'b@example.org' });
  });
  afterAll(() => gw?.close());

  describe('credentials', () => {
    it.each([
      ['no token', {}],
      ['an unknown token', { 'X-Auth-Token': 'zw_not-a-token' }],
      ['an empty token', { 'X-Auth-Token': '' }],
      ['noauth headers', { 'X-Auth-Project-ID': 'project-a', 'X-Roles': 'admin' }],
    ])('answers 401 to %s', async (_case, headers) => {
      const res = await request(gw.url).get('/v2/zones').set(headers);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, type: 'unauthorized' });
    });

    it('answers 401 before judging the Accept header (406 is for an authenticated client)', async () => {
      const res = await request(gw.url).get('/v2/zones').set('Accept', 'image/jpeg');
      expect([res.status, res.body.type]).toEqual([401, 'unauthorized']);
    });

    /** Bodies the gateway refuses from an authenticated client: not valid JSON, not JSON, NUL, a zonefile's charset. */
    const badBodies: [string, string, string, string, number][] = [
      ['not JSON', '/v2/zones', 'application/json', '{"name": ', 400],
      ['not a JSON content type', '/v2/zones', 'text/plain', 'name=x', 415],
      ['a NUL in a JSON string', '/v2/zones', 'application/json', '{"name": "a\\u0000b."}', 400],
      [
        'a zonefile in an unknown charset',
        '/v2/zones/tasks/imports',
        'text/dns; charset=x-none',
        '$ORIGIN a.',
        415,
      ],
    ];
    it.each(badBodies)(
      'answers 401 before judging a body that is %s',
      async (_case, path, type, body, status) => {
        const unauthenticated = await request(gw.url).post(path).set('Content-Type', type).send(body);
        expect([unauthenticated.status, unauthenticated.body.type]).toEqual([401, 'unauthorized']);
        const authenticated = await request(gw.url)
          .post(path)
          .set(auth('ownerMember'))
          .set('Content-Type', type)
          .send(body);
        expect(authenticated.status).toBe(status);
      },
    );

    it('answers 401 before judging the size of a body, then 413 to an authenticated client', async () => {
      const huge = JSON.stringify({ name: 'x'.repeat(2_000_000) });
      const post = () => request(gw.url).post('/v2/zones').set('Content-Type', 'application/json');
      expect((await post().send(huge)).status).toBe(401);
      expect((await post().set(auth('ownerMember')).send(huge)).status).toBe(413);
    });

    it('answers unknown routes 404 even without credentials', async () => {
      expect((await request(gw.url).get('/nothing-here')).status).toBe(404);
    });
  });

  describe('another project gets 404 on every endpoint', () => {
    const endpoints: [string, (r: request.Agent) => request.Test][] = [
      ['GET one', (r) => r.get(`/v2/zones/${zoneId}`)],
      ['PATCH', (r) => r.patch(`/v2/zones/${zoneId}`).send({ ttl: 60 })],
      ['DELETE', (r) => r.delete(`/v2/zones/${zoneId}`)],
      ['GET nameservers', (r) => r.get(`/v2/zones/${zoneId}/nameservers`)],
    ];
    it.each(endpoints)('%s', async (_name, call) => {
      const res = await call(request.agent(gw.url).set(auth('otherMember')));
      expect(res.status).toBe(404);
      expect(res.body.type).toBe('zone_not_found');
    });

    it('abandon by an admin of another project, without sudo', async () => {
      const res = await request(gw.url).post(`/v2/zones/${zoneId}/tasks/abandon`).set(auth('otherAdmin'));
      expect(res.status).toBe(404);
    });

    it('lists never show the other project’s zones, whatever the filter', async () => {
      for (const query of ['', '?name=isolated.example.net.', '?name=*', '?limit=max', '?sort_key=name']) {
        const res = await request(gw.url).get(`/v2/zones${query}`).set(auth('otherMember'));
        expect(res.status).toBe(200);
        expect(res.body.zones.map((z: { name: string }) => z.name)).toEqual(
          query.includes('isolated') ? [] : ['theirs.example.org.'],
        );
        expect(res.body.metadata.total_count).toBe(query.includes('isolated') ? 0 : 1);
      }
    });

    it('a marker from another project is not found', async () => {
      const res = await request(gw.url).get(`/v2/zones?marker=${zoneId}`).set(auth('otherMember'));
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('marker_not_found');
    });

    it('the zone is untouched', async () => {
      const res = await request(gw.url).get(`/v2/zones/${zoneId}`).set(auth('ownerMember'));
      expect(res.body).toMatchObject({ ttl: 3600, version: 1, action: 'CREATE' });
    });
  });

  describe('roles', () => {
    it('a reader reads but cannot write (403 forbidden)', async () => {
      expect((await request(gw.url).get(`/v2/zones/${zoneId}`).set(auth('ownerReader'))).status).toBe(200);
      expect(
        (await request(gw.url).get(`/v2/zones/${zoneId}/nameservers`).set(auth('ownerReader'))).status,
      ).toBe(200);
      expect((await request(gw.url).get('/v2/zones').set(auth('ownerReader'))).status).toBe(200);
      const writes = [
        request(gw.url)
          .post('/v2/zones')
          .set(auth('ownerReader'))
          .send({ name: 'reader.example.net.', email: 'a@b.c' }),
        request(gw.url).patch(`/v2/zones/${zoneId}`).set(auth('ownerReader')).send({ ttl: 1 }),
        request(gw.url).delete(`/v2/zones/${zoneId}`).set(auth('ownerReader')),
        request(gw.url).post(`/v2/zones/${zoneId}/tasks/abandon`).set(auth('ownerReader')),
      ];
      for (const res of await Promise.all(writes)) {
        expect(res.status).toBe(403);
        expect(res.body.type).toBe('forbidden');
      }
    });

    it('a member cannot abandon (403), nor impersonate or list all projects', async () => {
      expect(
        (await request(gw.url).post(`/v2/zones/${zoneId}/tasks/abandon`).set(auth('ownerMember'))).status,
      ).toBe(403);
      const sudo = await request(gw.url)
        .get('/v2/zones')
        .set({ ...auth('ownerMember'), 'X-Auth-Sudo-Project-ID': 'project-b' });
      expect(sudo.status).toBe(403);
      const all = await request(gw.url).get('/v2/zones?all_projects=true').set(auth('ownerMember'));
      expect(all.status).toBe(403);
    });

    it('an admin sees every project with all_projects, and one project with sudo', async () => {
      const all = await request(gw.url)
        .get('/v2/zones?all_projects=true&sort_key=name')
        .set(auth('otherAdmin'));
      expect(all.body.zones.map((z: { name: string }) => z.name)).toEqual([
        'isolated.example.net.',
        'theirs.example.org.',
      ]);
      expect(all.body.links.self).toContain('all_projects=true');
      const header = await request(gw.url)
        .get('/v2/zones')
        .set({ ...auth('otherAdmin'), 'X-Auth-All-Projects': 'True' });
      expect(header.body.metadata.total_count).toBe(2);
      const sudo = await request(gw.url)
        .get(`/v2/zones/${zoneId}`)
        .set({ ...auth('otherAdmin'), 'X-Auth-Sudo-Project-ID': 'project-a' });
      expect(sudo.status).toBe(200);
      const created = await request(gw.url)
        .post('/v2/zones')
        .set({ ...auth('otherAdmin'), 'X-Auth-Sudo-Project-ID': 'project-c' })
        .send({ name: 'sudo.example.com.', email: 'a@b.c' });
      expect(created.body.project_id).toBe('project-c');
    });
  });
});
