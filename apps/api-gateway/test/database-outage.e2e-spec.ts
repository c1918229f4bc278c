import request from 'supertest';
import { Client } from 'pg';
import { TcpProxy, TEST_ADMIN_URL, teardown } from '@zonewarden/testing';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

/** Every storage fault must become a 503 this fast (the gateway's connect and statement timeouts). */
const ANSWER_WITHIN_MS = 5000;

/** Three calls (a read, a list, a write) while storage is faulty: each 503 with Retry-After, in time. */
async function expectServiceUnavailable(gw: GatewayHarness, zoneId: string): Promise<void> {
  for (const call of [
    () => request(gw.url).get(`/v2/zones/${zoneId}`).set(as('p')),
    () => request(gw.url).get('/v2/zones').set(as('p')),
    () =>
      request(gw.url).post('/v2/zones').set(as('p')).send({ name: 'during.example.com.', email: 'a@b.c' }),
  ]) {
    const started = Date.now();
    const res = await call();
    expect({ status: res.status, body: res.body }).toMatchObject({
      status: 503,
      body: { code: 503, type: 'service_unavailable' },
    });
    expect(res.headers['retry-after']).toBe('5');
    expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
  }
}

describe('database outage', () => {
  let proxy: TcpProxy;
  let gw: GatewayHarness;
  let zoneId: string;

  beforeAll(async () => {
    proxy = await TcpProxy.forUrl(TEST_ADMIN_URL);
    await proxy.up();
    gw = await startGateway({}, (url) => proxy.via(url));
    const created = await request(gw.url)
      .post('/v2/zones')
      .set(as('p'))
      .send({ name: 'outage.example.com.', email: 'a@b.c' });
    expect(created.status).toBe(201);
    zoneId = created.body.id;
  });
  afterAll(() =>
    teardown(
      () => proxy?.up(),
      () => gw?.close(),
      () => proxy?.down(),
    ),
  );

  it.each([
    ['refuses connections', () => proxy.down()],
    ['resets connections', () => proxy.reset()],
    ['stalls (holds every byte)', () => proxy.stall()],
  ])(
    'answers 503 within 5 s while PostgreSQL %s, and recovers without a restart',
    async (_mode, fault) => {
      await fault();
      try {
        await expectServiceUnavailable(gw, zoneId);
      } finally {
        await proxy.up();
      }
      const after = await request(gw.url).get(`/v2/zones/${zoneId}`).set(as('p'));
      expect(after.status).toBe(200);
    },
    30_000,
  );

  it('answers 503 within 5 s when PostgreSQL has no connection left for it', async () => {
    // A role allowed 2 connections, both taken: every new one gets "too many connections" (53300).
    const role = `zw_limited_${gw.db.name.slice(-8)}`;
    const admin = new Client({ connectionString: gw.db.url });
    await admin.connect();
    const held: Client[] = [];
    let limited: GatewayHarness | undefined;
    try {
      await admin.query(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT 2`);
      await admin.query(`GRANT ALL ON ALL TABLES IN SCHEMA public TO ${role}`);
      await admin.query(`GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
      const asRole = (url: string) => Object.assign(new URL(url), { username: role }).toString();
      for (let i = 0; i < 2; i++) {
        const client = new Client({ connectionString: asRole(gw.db.url) });
        await client.connect();
        held.push(client);
      }
      limited = await startGateway({}, asRole, gw.db);
      await expectServiceUnavailable(limited, zoneId);
    } finally {
      await Promise.all(held.map((client) => client.end()));
      await limited?.close();
      await admin.query(`DROP OWNED BY ${role}`).catch(() => undefined);
      await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
      await admin.end();
    }
  }, 30_000);
});
