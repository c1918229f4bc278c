import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import request from 'supertest';
import { REPO_ROOT, TEST_ADMIN_URL, TcpProxy, metricSample, waitFor, teardown } from '@zonewarden/testing';
import { TokensRepository } from '@zonewarden/persistence';
import { buildOpenApiDocument, openApiText } from '../src/openapi/openapi';
import { GatewayHarness, startGateway } from './support/gateway-harness';

/** The value of one Prometheus sample, e.g. `zonewarden_zone_changes_total{action="CREATE"}`. */

describe('operations: versions, headers, health, metrics, rate limits, OpenAPI', () => {
  let proxy: TcpProxy;
  let gw: GatewayHarness;
  let token: string;

  beforeAll(async () => {
    proxy = await TcpProxy.forUrl(TEST_ADMIN_URL);
    await proxy.up();
    gw = await startGateway({ AUTH_STRATEGY: 'token' }, (url) => proxy.via(url));
    token = (
      await new TokensRepository(gw.prisma).issue({ projectId: 'ops', userId: 'ops', roles: ['member'] })
    ).token;
  });
  afterAll(() =>
    teardown(
      () => gw?.close(),
      () => proxy?.down(),
    ),
  );

  it('answers GET / with the versions document, without credentials: only versions whose features exist', async () => {
    const res = await request(gw.url).get('/');
    expect(res.status).toBe(200);
    // v2.1 is shared zones (served); v2.2 and later are not advertised.
    expect(res.body.versions.map((v: { id: string }) => v.id)).toEqual(['v2', 'v2.0', 'v2.1']);
    expect(res.body.versions.find((v: { status: string }) => v.status === 'CURRENT').id).toBe('v2.1');
    expect(res.body.versions[2].updated).toBe('2023-01-25T00:00:00Z');
    expect(res.body.versions[0].links[0]).toEqual({ href: `${gw.url}/v2`, rel: 'self' });
  });

  it('keeps an idle keep-alive connection open past 5 s, so that a client reusing it gets an answer', async () => {
    const { port } = new URL(gw.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    try {
      let received = '';
      let closed = false;
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('close', () => (closed = true));
      socket.on('error', () => undefined);
      const answers = () => received.match(/HTTP\/1\.1 200 /g)?.length ?? 0;
      const ask = () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      ask();
      await waitFor('the first answer', async () => answers() === 1);
      expect(received).toMatch(/^Keep-Alive: timeout=65\r$/m);
      // Node's default closed an idle connection after 5 s.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(closed).toBe(false);
      ask();
      await waitFor('the second answer on the same connection', async () => answers() === 2);
    } finally {
      socket.destroy();
    }
  }, 15_000);

  it('sends helmet’s security headers', async () => {
    const res = await request(gw.url).get('/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('counts zone changes and requests in /metrics', async () => {
    const before = (await request(gw.url).get('/metrics')).text;
    const created = await request(gw.url)
      .post('/v2/zones')
      .set('X-Auth-Token', token)
      .send({ name: 'metrics.example.com.', email: 'a@b.c' });
    expect(created.status).toBe(201);
    const after = await request(gw.url).get('/metrics');
    expect(after.headers['content-type']).toMatch(/^text\/plain/);
    const series = 'zonewarden_zone_changes_total{action="CREATE"}';
    expect(metricSample(after.text, series)).toBe(metricSample(before, series) + 1);
    const requests =
      'zonewarden_http_request_duration_seconds_count{method="POST",route="/v2/zones",status="201"}';
    expect(metricSample(after.text, requests)).toBe(metricSample(before, requests) + 1);
    expect(
      metricSample(after.text, 'zonewarden_zones{status="ACTIVE",action="CREATE"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(after.text).toContain('zonewarden_outbox_pending');
    expect(after.text).toContain('zonewarden_outbox_oldest_pending_seconds');
    const published = 'zonewarden_outbox_lag_seconds_count{pattern="zone.created"}';
    await waitFor('the relay to publish the zone.created event', async () => {
      const text = (await request(gw.url).get('/metrics')).text;
      return metricSample(text, published) > metricSample(before, published);
    });
  });

  it('is live always; ready while PostgreSQL answers, not while it does not, and ready again after', async () => {
    expect((await request(gw.url).get('/health/live')).status).toBe(200);
    const readyNow = async () => (await request(gw.url).get('/health/ready')).status === 200;
    await waitFor('readiness once the relay has its broker connection', readyNow);
    const ready = await request(gw.url).get('/health/ready');
    expect([ready.status, ready.body.status]).toEqual([200, 'ok']);
    expect(ready.body.details).toMatchObject({ database: { status: 'up' }, broker: { status: 'up' } });

    await proxy.down();
    const down = await request(gw.url).get('/health/ready');
    expect(down.status).toBe(503);
    expect(down.body.details.database.status).toBe('down');
    expect((await request(gw.url).get('/health/live')).status).toBe(200);

    await proxy.up();
    await waitFor('readiness to recover', readyNow);
  });

  it('limits requests per client: 429 over_rate_limit beyond RATE_LIMIT_PER_MINUTE, health never', async () => {
    const limited = await startGateway({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await request(limited.url).get('/v2/zones')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const res = await request(limited.url).get('/v2/zones');
      expect(res.body).toMatchObject({ code: 429, type: 'over_rate_limit' });
      expect(Object.keys(res.headers).some((h) => h.startsWith('retry-after'))).toBe(true);
      expect((await request(limited.url).get('/health/live')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('serves the OpenAPI document at /docs-json and a browsable UI at /docs; the committed openapi.json is current', async () => {
    const ui = await request(gw.url).get('/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger-ui');
    const served = await request(gw.url).get('/docs-json');
    expect(served.body.openapi).toMatch(/^3\./);
    expect(Object.keys(served.body.paths)).toEqual(
      expect.arrayContaining(['/v2/zones', '/v2/zones/{zone_id}/recordsets', '/domains']),
    );
    const committed = fs.readFileSync(path.join(REPO_ROOT, 'openapi.json'), 'utf8');
    // When this fails, run `npm run openapi` and commit openapi.json.
    expect(openApiText(buildOpenApiDocument(gw.app))).toBe(committed);
  });

  it('serves /docs with assets that a browser loads over plain HTTP, on any address', async () => {
    const ui = await request(gw.url).get('/docs');
    const csp = ui.headers['content-security-policy'] as string;
    // A browser told to upgrade fetches the assets from https://, where nothing answers (loopback excepted).
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp.split(';')).toEqual(expect.arrayContaining(["script-src 'self'", "img-src 'self' data:"]));
    expect(csp).toMatch(/(^|;)style-src 'self' [^;]*'unsafe-inline'/);
    // Scripts from files only: script-src 'self' refuses inline ones.
    expect(ui.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const assets = [...ui.text.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="([^"]+)"/g)].map(
      ([, asset]) => new URL(asset, `${gw.url}/docs`),
    );
    expect(assets.map((asset) => asset.pathname)).toEqual(
      expect.arrayContaining([
        '/docs/swagger-ui.css',
        '/docs/swagger-ui-bundle.js',
        '/docs/swagger-ui-init.js',
      ]),
    );
    for (const asset of assets) {
      expect(asset.origin).toBe(new URL(gw.url).origin);
      const served = await request(gw.url).get(asset.pathname);
      expect({ asset: asset.pathname, status: served.status }).toEqual({
        asset: asset.pathname,
        status: 200,
      });
    }
  });
});
