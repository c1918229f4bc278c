import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const CLIENT = as('project-rate-limit');

/** The statuses of `paths` requested in turn, each with the headers given. */
async function statuses(gw: GatewayHarness, paths: string[], headers: (i: number) => Record<string, string>) {
  const answers: number[] = [];
  for (const [i, path] of paths.entries())
    answers.push((await request(gw.url).get(path).set(headers(i))).status);
  return answers;
}

describe('rate limit: one budget per client address, all routes together', () => {
  describe('without trusted proxies (the default)', () => {
    let gw: GatewayHarness;
    beforeEach(async () => {
      gw = await startGateway({ RATE_LIMIT_PER_MINUTE: '4' });
    });
    afterEach(() => gw?.close());

    it('spends one budget on every route; the 429 is Designate’s body, with Retry-After', async () => {
      const paths = ['/v2/zones', '/v2/quotas', '/v2/zones/tasks/imports', '/', '/v2/recordsets'];
      expect(await statuses(gw, paths, () => CLIENT)).toEqual([200, 200, 200, 200, 429]);
      const refused = await request(gw.url).get('/v2/quotas').set(CLIENT);
      expect(refused.status).toBe(429);
      expect(Object.keys(refused.body).sort()).toEqual(['code', 'message', 'request_id', 'type']);
      expect(refused.body).toMatchObject({ code: 429, type: 'over_rate_limit' });
      expect(refused.body.message).not.toMatch(/throttl/i);
      expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect((await request(gw.url).get('/health/live')).status).toBe(200);
    });

    it('ignores X-Forwarded-For: a client cannot choose its own key', async () => {
      const paths = ['/v2/zones', '/v2/zones', '/v2/zones', '/v2/zones', '/v2/zones'];
      const spoofed = await statuses(gw, paths, (i) => ({
        ...CLIENT,
        'X-Forwarded-For': `198.51.100.${i + 1}`,
      }));
      expect(spoofed).toEqual([200, 200, 200, 200, 429]);
    });
  });

  describe('behind a trusted proxy (TRUSTED_PROXIES)', () => {
    let gw: GatewayHarness;
    beforeAll(async () => {
      // The test's connections come from 127.0.0.1: the gateway takes them for its proxy's.
      gw = await startGateway({ RATE_LIMIT_PER_MINUTE: '2', TRUSTED_PROXIES: '192.0.2.1, 127.0.0.0/8' });
    });
    afterAll(() => gw?.close());

    it('keys each forwarded client by the address the proxy saw', async () => {
      const from = (address: string) => () => ({ ...CLIENT, 'X-Forwarded-For': address });
      expect(await statuses(gw, ['/v2/zones', '/v2/quotas', '/'], from('198.51.100.1'))).toEqual([
        200, 200, 429,
      ]);
      expect(await statuses(gw, ['/v2/zones', '/v2/quotas'], from('198.51.100.2'))).toEqual([200, 200]);
      // The client may write what it likes at the left; the address the proxy appended is the key.
      expect(await statuses(gw, ['/v2/zones'], from('203.0.113.9, 198.51.100.1'))).toEqual([429]);
      // The proxy's own requests (no header) have the proxy's budget.
      expect(await statuses(gw, ['/v2/zones'], () => CLIENT)).toEqual([200]);
    });
  });
});
