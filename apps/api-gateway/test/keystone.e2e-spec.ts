import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { Keystone } from '@zonewarden/testing';
import { GatewayHarness } from './support/gateway-harness';
import { Call, Caller, KeystoneGateway, startKeystoneGateway } from './support/keystone-gateway';

const ZONEFILE =
  '$ORIGIN imported-a.example.com.\n$TTL 300\n@ SOA ns admin 1 2 3 4 5\n@ NS ns\nns A 192.0.2.1\n';
/** Short, so that the revocation test sees its token refused without waiting minutes. */
const CACHE_SECONDS = 2;

/**
 * AUTH_STRATEGY=keystone against a real Keystone: the tokens of a member, a reader and an admin of
 * project A and of a member of project B, validated by the gateway with its own service user.
 */
describe('authentication through Keystone (AUTH_STRATEGY=keystone)', () => {
  let setup: KeystoneGateway;
  let keystone: Keystone;
  let gw: GatewayHarness;
  let users: KeystoneGateway['users'];
  let zoneId: string;
  let recordsetId: string;
  const as = (who: Caller) => setup.as(who);

  beforeAll(async () => {
    setup = await startKeystoneGateway({ KEYSTONE_TOKEN_CACHE_SECONDS: String(CACHE_SECONDS) });
    ({ keystone, gw, users } = setup);
    const zone = await as('memberA')
      .post('/v2/zones')
      .send({ name: 'keystone-a.example.com.', email: 'a@b.c' });
    expect(zone.status).toBe(201);
    zoneId = zone.body.id;
    const recordset = await as('memberA')
      .post(`/v2/zones/${zoneId}/recordsets`)
      .send({ name: 'www.keystone-a.example.com.', type: 'A', records: ['192.0.2.1'] });
    expect(recordset.status).toBe(201);
    recordsetId = recordset.body.id;
    await as('memberB')
      .post('/v2/zones')
      .send({ name: 'keystone-b.example.org.', email: 'b@b.c' })
      .expect(201);
  }, 120_000);
  afterAll(() => setup?.close());

  it("maps the token's project and user", async () => {
    const zone = await as('readerA').get(`/v2/zones/${zoneId}`).expect(200);
    expect(zone.body.project_id).toBe(users.memberA.projectId);
    const legacy = await as('readerA').get('/v1/domains').expect(200);
    expect(legacy.body.domains.map((d: { name: string }) => d.name)).toEqual(['keystone-a.example.com.']);
  });

  describe('the role and isolation matrix', () => {
    const reads: [string, Call][] = [
      ['GET zone', (r) => r.get(`/v2/zones/${zoneId}`)],
      ['GET nameservers', (r) => r.get(`/v2/zones/${zoneId}/nameservers`)],
      ['GET recordsets', (r) => r.get(`/v2/zones/${zoneId}/recordsets`)],
      ['GET recordset', (r) => r.get(`/v2/zones/${zoneId}/recordsets/${recordsetId}`)],
      ['GET legacy domain', (r) => r.get(`/v1/domains/${zoneId}`)],
    ];
    it.each(reads)('%s: members and readers of A read it, B gets 404', async (_name, call) => {
      expect((await call(as('memberA'))).status).toBe(200);
      expect((await call(as('readerA'))).status).toBe(200);
      expect((await call(as('memberB'))).status).toBe(404);
    });

    /** Each with the member's status, and B's: 404, except the legacy PUT, whose contract answers 400. */
    const writes: [string, Call, number, number?][] = [
      ['PATCH zone', (r) => r.patch(`/v2/zones/${zoneId}`).send({ ttl: 600 }), 200],
      [
        'POST recordset',
        (r) =>
          r.post(`/v2/zones/${zoneId}/recordsets`).send({
            name: `rs${Math.random().toString(36).slice(2, 8)}.keystone-a.example.com.`,
            type: 'TXT',
            records: ['"x"'],
          }),
        201,
      ],
      [
        'PUT recordset',
        (r) => r.put(`/v2/zones/${zoneId}/recordsets/${recordsetId}`).send({ ttl: 300 }),
        200,
      ],
      ['POST export', (r) => r.post(`/v2/zones/${zoneId}/tasks/export`), 202],
      ['POST transfer request', (r) => r.post(`/v2/zones/${zoneId}/tasks/transfer_requests`).send({}), 201],
      [
        'PUT legacy domain',
        (r) =>
          r.put(`/v1/domains/${zoneId}`).send({ name: 'keystone-a.example.com.', email: 'a@b.c', ttl: 900 }),
        200,
        400,
      ],
    ];
    it.each(writes)(
      '%s: a member of A writes, a reader gets 403, B does not find it',
      async (_name, call, status, otherProject = 404) => {
        expect((await call(as('readerA'))).status).toBe(403);
        expect((await call(as('memberB'))).status).toBe(otherProject);
        expect((await call(as('memberA'))).status).toBe(status);
      },
    );

    it('imports: a member of A imports a zonefile, a reader gets 403', async () => {
      const post = (who: Caller) =>
        as(who).post('/v2/zones/tasks/imports').set('Content-Type', 'text/dns').send(ZONEFILE);
      expect((await post('readerA')).status).toBe(403);
      expect((await post('memberA')).status).toBe(201);
    });

    it('quotas: each project reads its own, not the other’s; only an admin changes them', async () => {
      const { projectId: a } = users.memberA;
      expect((await as('readerA').get(`/v2/quotas/${a}`)).status).toBe(200);
      expect((await as('memberB').get(`/v2/quotas/${a}`)).status).toBe(403);
      expect((await as('memberA').patch(`/v2/quotas/${a}`).send({ zones: 5 })).status).toBe(403);
      expect((await as('adminA').patch(`/v2/quotas/${a}`).send({ zones: 50 })).status).toBe(200);
    });

    it("lists: B never sees A's zones", async () => {
      const listed = await as('memberB').get('/v2/zones').expect(200);
      expect(listed.body.zones.map((z: { name: string }) => z.name)).toEqual(['keystone-b.example.org.']);
    });

    it("a member's sudo and all-projects are refused (403)", async () => {
      const sudo = await as('memberA')
        .get('/v2/zones')
        .set('X-Auth-Sudo-Project-ID', users.memberB.projectId);
      expect(sudo.status).toBe(403);
      expect((await as('memberA').get('/v2/zones').set('X-Auth-All-Projects', 'true')).status).toBe(403);
      expect((await as('memberA').post(`/v2/zones/${zoneId}/tasks/abandon`)).status).toBe(403);
    });

    it('an admin lists all projects and acts for another with sudo', async () => {
      const all = await as('adminA').get('/v2/zones?sort_key=name').set('X-Auth-All-Projects', 'true');
      expect(all.body.zones.map((z: { name: string }) => z.name)).toEqual(
        expect.arrayContaining(['keystone-a.example.com.', 'keystone-b.example.org.']),
      );
      const sudo = await as('adminA')
        .post('/v2/zones')
        .set('X-Auth-Sudo-Project-ID', users.memberB.projectId)
        .send({ name: 'sudo-b.example.org.', email: 'a@b.c' });
      expect(sudo.status).toBe(201);
      expect(sudo.body.project_id).toBe(users.memberB.projectId);
      const abandoned = await as('adminA')
        .post(`/v2/zones/${sudo.body.id}/tasks/abandon`)
        .set('X-Auth-Sudo-Project-ID', users.memberB.projectId);
      expect(abandoned.status).toBe(204);
    });
  });

  describe('tokens Keystone does not accept: 401', () => {
    it.each([
      ['no token', {}],
      ['a garbage token', { 'X-Auth-Token': 'not-a-keystone-token' }],
      ['a fernet-shaped forgery', { 'X-Auth-Token': `gAAAAA${'x'.repeat(180)}` }],
      ['an oversized token', { 'X-Auth-Token': 'g'.repeat(10_000) }],
    ])('%s', async (_case, headers) => {
      const res = await request(gw.url).get('/v2/zones').set(headers);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, type: 'unauthorized' });
    });

    it('a revoked token, once the validation cache window has passed', async () => {
      const token = await keystone.api.issueToken(users.memberA);
      await request(gw.url).get('/v2/zones').set('X-Auth-Token', token).expect(200);
      await keystone.api.revokeToken(token);
      await sleep(CACHE_SECONDS * 1000 + 500);
      const res = await request(gw.url).get('/v2/zones').set('X-Auth-Token', token);
      expect(res.status).toBe(401);
    });
  });

  describe('Keystone down', () => {
    afterAll(() => keystone.restart());

    it('answers 503 for a token it cannot validate, and works again once Keystone is back', async () => {
      // Not yet validated, so not in the gateway's cache.
      const token = await keystone.api.issueToken(users.memberB);
      await keystone.stop();
      const res = await request(gw.url).get('/v2/zones').set('X-Auth-Token', token);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 503, type: 'service_unavailable' });
      await keystone.restart();
      expect((await request(gw.url).get('/v2/zones').set('X-Auth-Token', token)).status).toBe(200);
    });

    it('an expired token: 401', async () => {
      await keystone.restart({ tokenExpirationSeconds: 2 });
      const token = await keystone.api.issueToken(users.readerA);
      await request(gw.url).get('/v2/zones').set('X-Auth-Token', token).expect(200);
      await sleep(3000);
      expect((await request(gw.url).get('/v2/zones').set('X-Auth-Token', token)).status).toBe(401);
    });
  });

  /**
   * Designate's `verify_project_id`: for quotas (`quotas_verify_project_id`, on in devstack with Keystone,
   * where its test suite runs) and for shares. Keystone answers the caller's token, so only admins are told.
   */
  describe('projects Keystone does not know', () => {
    const unknown = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
    const invalidProject = {
      code: 400,
      type: 'invalid_project',
      message: `${unknown} is not a valid project ID.`,
    };

    it('quotas: an admin gets 400 invalid_project for an unknown project, 200 for a real one', async () => {
      const refused = await as('adminA').patch(`/v2/quotas/${unknown}`).send({ zones: 5 });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject(invalidProject);
      const set = await as('adminA').patch(`/v2/quotas/${users.memberB.projectId}`).send({ zones: 7 });
      expect(set.status).toBe(200);
      expect(set.body.zones).toBe(7);
    });

    it('quotas: a member still gets 403, whether the project exists or not', async () => {
      expect((await as('memberA').patch(`/v2/quotas/${unknown}`).send({ zones: 5 })).status).toBe(403);
    });

    it('shares: an admin gets 400 for an unknown project; a member is not told', async () => {
      const zone = await as('memberA')
        .post('/v2/zones')
        .send({ name: 'keystone-shares.example.net.', email: 'a@b.c' })
        .expect(201);
      const share = (who: Caller, target: string) =>
        as(who).post(`/v2/zones/${zone.body.id}/shares`).send({ target_project_id: target });
      const refused = await share('adminA', unknown);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject(invalidProject);
      expect((await share('memberA', unknown)).status).toBe(201);
      expect((await share('adminA', users.memberB.projectId)).status).toBe(201);
    });
  });

  describe('the console’s sign-in (POST /console/session): the gateway asks Keystone, the browser never does', () => {
    const signIn = (agent: request.Agent, who: 'memberA' | 'readerA', password = users[who].password) =>
      agent.post('/console/session').send({
        username: users[who].name,
        password,
        project: users[who].projectName,
        domain: 'Default',
      });

    it('refuses a wrong password (401) and takes a right one: a session cookie, the roles, an end', async () => {
      const agent = request.agent(gw.url);
      const refused = await signIn(agent, 'memberA', 'not-the-password');
      expect(refused.status).toBe(401);
      expect(refused.headers['set-cookie']).toBeUndefined();
      const session = await signIn(agent, 'memberA').expect(201);
      expect(session.body).toMatchObject({
        strategy: 'keystone',
        signed_in: true,
        project_id: users.memberA.projectId,
        roles: expect.arrayContaining(['member']),
      });
      expect(Date.parse(session.body.expires_at)).toBeGreaterThan(Date.now());
      const cookie = String(session.headers['set-cookie']);
      expect(cookie).toMatch(/zw_session=.*HttpOnly.*SameSite=Strict/i);
      expect(cookie).toMatch(/Expires=/);
      const zones = await agent.get('/v2/zones').expect(200);
      expect(zones.body.zones.map((z: { name: string }) => z.name)).toContain('keystone-a.example.com.');
    });

    it('lets a reader read and nothing more; a change needs the CSRF token; sign-out revokes the token', async () => {
      const agent = request.agent(gw.url);
      const { body } = await signIn(agent, 'readerA').expect(201);
      await agent.get(`/v2/zones/${zoneId}`).expect(200);
      const noCsrf = await agent
        .post('/v2/zones')
        .send({ name: 'console-reader.example.com.', email: 'a@b.c' });
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.message).toContain('X-CSRF-Token');
      const reader = await agent
        .post('/v2/zones')
        .set('X-CSRF-Token', body.csrf_token)
        .send({ name: 'console-reader.example.com.', email: 'a@b.c' });
      expect(reader.status).toBe(403);
      await agent.delete('/console/session').set('X-CSRF-Token', body.csrf_token).expect(204);
      expect((await agent.get('/console/session').expect(200)).body).toEqual({
        strategy: 'keystone',
        signed_in: false,
      });
    });
  });
});
