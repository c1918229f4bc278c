import { querySoa } from '@zonewarden/dns';
import {
  ManagedProcess,
  TEST_AMQP_URL,
  TcpProxy,
  TestDatabase,
  createTestDatabase,
  deleteNamespace,
  freePort,
  metricSample,
  startApp,
  uniqueNamespace,
  waitFor,
  APP_POOL_SIZE,
  teardown,
} from '@zonewarden/testing';

/** mini-dns as deployed (docker-compose sets OPS_PORT): its own process, with the operations endpoint. */
describe('mini-dns operations endpoint (OPS_PORT)', () => {
  let db: TestDatabase;
  let brokerProxy: TcpProxy;
  let miniDns: ManagedProcess;
  let namespace: string;
  let ops: string;
  let dnsPort: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    // RabbitMQ reached through a proxy the test can cut, without touching the shared broker.
    brokerProxy = await TcpProxy.forUrl(TEST_AMQP_URL);
    await brokerProxy.up();
    const opsPort = await freePort();
    dnsPort = await freePort();
    namespace = uniqueNamespace();
    miniDns = await startApp('mini-dns', {
      DATABASE_URL: db.url,
      AMQP_URL: brokerProxy.via(TEST_AMQP_URL),
      AMQP_NAMESPACE: namespace,
      DATABASE_POOL_SIZE: APP_POOL_SIZE,
      MINIDNS_PORT: String(dnsPort),
      OPS_PORT: String(opsPort),
    });
    ops = `http://127.0.0.1:${opsPort}`;
    await miniDns.waitForOutput(/operations endpoint on/);
  });
  afterAll(() =>
    teardown(
      () => miniDns?.stop(),
      () => brokerProxy?.down(),
      () => namespace && deleteNamespace(namespace).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  const ready = async () => (await fetch(`${ops}/health/ready`)).status;

  it('is ready while its zone-event subscription is up, not while RabbitMQ is cut, and ready again after', async () => {
    await waitFor('mini-dns to be ready', async () => (await ready()) === 200);
    await brokerProxy.down();
    await waitFor('readiness to fail', async () => (await ready()) === 503);
    await brokerProxy.up();
    await waitFor('readiness to recover', async () => (await ready()) === 200, 20_000);
    expect(miniDns.running).toBe(true);
  });

  it('counts the answers it sends in /metrics', async () => {
    const series = 'zonewarden_dns_responses_total{transport="udp",rcode="REFUSED"}';
    const count = async () => metricSample(await (await fetch(`${ops}/metrics`)).text(), series);
    const before = await count();
    const answer = await querySoa({ host: '127.0.0.1', port: dnsPort }, 'not-served.test.', 1000);
    expect(answer.present).toBe(false);
    expect(await count()).toBe(before + 1);
  });
});
