import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

/**
 * The web console's gateway side with AUTH_STRATEGY=noauth: the session endpoint (cookie, CSRF,
 * sign-out), the console's static files with their CSP, "edit as text" (`…/changes/from_zonefile`) and
 * "test a record" refusals. The console itself is tested in a browser (apps/console/test).
 */
describe('the console’s session and endpoints (noauth)', () => {
  let gw: GatewayHarness;
  let zoneId: string;
  const owner = as('console-project');

  beforeAll(async () => {
    gw = await startGateway();
    const zone = await request(gw.url)
      .post('/v2/zones')
      .set(owner)
      .send({ name: 'console.example.org.', email: 'hostmaster@example.org' })
      .expect(201);
    zoneId = zone.body.id;
    await request(gw.url)
      .post(`/v2/zones/${zoneId}/recordsets`)
      .set(owner)
      .send({ name: 'www.console.example.org.', type: 'A', records: ['192.0.2.10'] })
      .expect(201);
  }, 60_000);
  afterAll(() => gw?.close());

  it('signs in with noauth’s project and roles, acts as them with the cookie, and signs out', async () => {
    const agent = request.agent(gw.url);
    expect((await agent.get('/console/session').expect(200)).body).toEqual({
      strategy: 'noauth',
      signed_in: false,
    });
    const signedIn = await agent
      .post('/console/session')
      .send({ project_id: 'console-project', roles: ['Member'] })
      .expect(201);
    expect(signedIn.body).toMatchObject({
      strategy: 'noauth',
      signed_in: true,
      project_id: 'console-project',
      roles: ['member'],
      expires_at: null,
    });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(String(signedIn.headers['set-cookie'])).toMatch(
      /^zw_session=noauth\.[^;]+; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    const zones = await agent.get('/v2/zones').expect(200);
    expect(zones.body.zones.map((zone: { id: string }) => zone.id)).toEqual([zoneId]);
    const csrf = signedIn.body.csrf_token as string;
    await agent.patch(`/v2/zones/${zoneId}`).send({ description: 'x' }).expect(403);
    await agent.patch(`/v2/zones/${zoneId}`).set('X-CSRF-Token', csrf).send({ description: 'x' }).expect(200);
    await agent.delete('/console/session').expect(403);
    await agent.delete('/console/session').set('X-CSRF-Token', csrf).expect(204);
    await agent.get('/v2/zones').expect(200); // noauth: no credentials is noauth's default project
    expect((await agent.get('/console/session').expect(200)).body.signed_in).toBe(false);
  });

  it('refuses another strategy’s fields and unknown fields', async () => {
    const tokenField = await request(gw.url).post('/console/session').send({ token: 'zw_x' });
    expect(tokenField.status).toBe(400);
    expect(tokenField.body.message).toBe('Signing in here takes project_id and roles');
    const unknown = await request(gw.url).post('/console/session').send({ project_id: 'p', admin: true });
    expect(unknown.status).toBe(400);
  });

  it('serves the console with its CSP; /console redirects to /console/', async () => {
    const page = await request(gw.url).get('/console/').expect(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<div id="app"></div>');
    const redirect = await request(gw.url).get('/console').expect(301);
    expect(redirect.headers.location).toBe('/console/');
  });

  it('answers the batch that makes the zone a zonefile, without applying it', async () => {
    const zonefile = '$TTL 3600\nwww IN A 192.0.2.11\nmail 300 IN A 192.0.2.25\n';
    const batch = await request(gw.url)
      .post(`/v2/zones/${zoneId}/changes/from_zonefile`)
      .set(owner)
      .send({ zonefile })
      .expect(200);
    expect(batch.body).toEqual({
      changes: [
        { action: 'CREATE', name: 'mail.console.example.org.', type: 'A', ttl: 300, records: ['192.0.2.25'] },
        { action: 'UPSERT', name: 'www.console.example.org.', type: 'A', ttl: null, records: ['192.0.2.11'] },
      ],
      unchanged: 0,
    });
    const still = await request(gw.url)
      .get(`/v2/zones/${zoneId}/recordsets?name=www.console.example.org.`)
      .set(owner);
    expect(still.body.recordsets[0].records).toEqual(['192.0.2.10']);
    const broken = await request(gw.url)
      .post(`/v2/zones/${zoneId}/changes/from_zonefile`)
      .set(owner)
      .send({ zonefile: 'www IN A 192.0.2.1\nbad IN A nope\n' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/line 2\b/);
    await request(gw.url).post(`/v2/zones/${zoneId}/changes/from_zonefile`).set(owner).send({}).expect(400);
    await request(gw.url)
      .post(`/v2/zones/${zoneId}/changes/from_zonefile`)
      .set(as('another-project'))
      .send({ zonefile })
      .expect(404);
  });

  it('refuses to test a name outside the zone or a type that cannot be asked for', async () => {
    const test = (query: string) =>
      request(gw.url).get(`/v2/zones/${zoneId}/test_record?${query}`).set(owner);
    expect((await test('name=www.example.com.&type=A')).status).toBe(400);
    expect((await test('name=www&type=AXFR')).status).toBe(400);
    expect((await test('name=www&name=ftp')).status).toBe(400);
    await request(gw.url).get(`/v2/zones/${zoneId}/test_record`).set(as('another-project')).expect(404);
    // No mini-dns runs beside this gateway: each nameserver's answer says why there is none.
    const answered = await test('name=www&type=A').expect(200);
    expect(answered.body).toMatchObject({ name: 'www.console.example.org.', type: 'A' });
    expect(answered.body.answers.length).toBeGreaterThan(0);
  });
});
