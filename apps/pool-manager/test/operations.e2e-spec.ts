import {
  ManagedProcess,
  TEST_AMQP_URL,
  TcpProxy,
  TestDatabase,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  uniqueNamespace,
  waitFor,
  APP_POOL_SIZE,
  teardown,
} from '@zonewarden/testing';

describe('pool-manager operations endpoint (OPS_PORT)', () => {
  let db: TestDatabase;
  let proxy: TcpProxy;
  let brokerProxy: TcpProxy;
  let poolManager: ManagedProcess;
  let namespace: string;
  let ops: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    // PostgreSQL and RabbitMQ reached through proxies the test can cut, without touching the shared servers.
    proxy = await TcpProxy.forUrl(db.url);
    await proxy.up();
    brokerProxy = await TcpProxy.forUrl(TEST_AMQP_URL);
    await brokerProxy.up();
    const opsPort = await freePort();
    namespace = uniqueNamespace();
    poolManager = await startApp('pool-manager', {
      DATABASE_URL: proxy.via(db.url),
      AMQP_URL: brokerProxy.via(TEST_AMQP_URL),
      AMQP_NAMESPACE: namespace,
      DATABASE_POOL_SIZE: APP_POOL_SIZE,
      MINIDNS_PORT: String(await freePort()),
      OPS_PORT: String(opsPort),
    });
    ops = `http://127.0.0.1:${opsPort}`;
    await poolManager.waitForOutput(/operations endpoint on/);
  });
  afterAll(() =>
    teardown(
      () => poolManager?.stop(),
      () => proxy?.down(),
      () => brokerProxy?.down(),
      () => namespace && deleteNamespace(namespace).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('is live always; ready while PostgreSQL answers, 503 while it does not, ready again after', async () => {
    const ready = await fetch(`${ops}/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok' }]);
    await proxy.down();
    try {
      const down = await fetch(`${ops}/health/ready`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 'error' });
      expect((await fetch(`${ops}/health/live`)).status).toBe(200);
    } finally {
      await proxy.up();
    }
    await waitFor('readiness to recover', async () => (await fetch(`${ops}/health/ready`)).status === 200);
    expect(poolManager.running).toBe(true);
  });

  it('is not ready while RabbitMQ is out of reach, and ready again after', async () => {
    await brokerProxy.down();
    try {
      await waitFor('readiness to fail', async () => (await fetch(`${ops}/health/ready`)).status === 503);
      expect(await (await fetch(`${ops}/health/ready`)).json()).toEqual({
        status: 'error',
        error: 'not connected to RabbitMQ',
      });
    } finally {
      await brokerProxy.up();
    }
    await waitFor(
      'readiness to recover',
      async () => (await fetch(`${ops}/health/ready`)).status === 200,
      30_000,
    );
    expect(poolManager.running).toBe(true);
  });

  it('serves Prometheus metrics with the message counters and its process figures', async () => {
    const res = await fetch(`${ops}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('# TYPE zonewarden_messages_consumed_total counter');
    expect(text).toContain('# TYPE zonewarden_messages_failed_total counter');
    expect(text).toMatch(/^zonewarden_pool_manager_process_resident_memory_bytes \d+/m);
  });
});
