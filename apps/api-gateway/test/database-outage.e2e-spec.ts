import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import { TcpProxy } from '@zonewarden/testing';
import { TEST_ADMIN_URL } from '@zonewarden/testing';

describe('database outage', () => {
  let proxy: TcpProxy;
  let gw: GatewayHarness;

  beforeAll(async () => {
    proxy = await TcpProxy.forUrl(TEST_ADMIN_URL);
    await proxy.up();
    gw = await startGateway({}, (url) => proxy.via(url));
  });
  afterAll(async () => {
    await gw.close();
    await proxy.down();
  });

  it('answers 503 with Retry-After while PostgreSQL is unreachable, and recovers without a restart', async () => {
    const created = await request(gw.url)
      .post('/v2/zones')
      .set(as('p'))
      .send({ name: 'outage.example.com.', email: 'a@b.c' });
    expect(created.status).toBe(201);

    await proxy.down();
    for (const call of [
      request(gw.url).get(`/v2/zones/${created.body.id}`).set(as('p')),
      request(gw.url).get('/v2/zones').set(as('p')),
      request(gw.url).post('/v2/zones').set(as('p')).send({ name: 'during.example.com.', email: 'a@b.c' }),
    ]) {
      const res = await call;
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 503, type: 'service_unavailable' });
      expect(res.headers['retry-after']).toBe('5');
    }

    await proxy.up();
    const after = await request(gw.url).get(`/v2/zones/${created.body.id}`).set(as('p'));
    expect(after.status).toBe(200);
  });
});
