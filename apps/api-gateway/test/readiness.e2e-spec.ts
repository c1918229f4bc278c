import request from 'supertest';
import { TEST_AMQP_URL, TcpProxy, metricSample, waitFor, teardown } from '@zonewarden/testing';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

/** Readiness means "can take writes": a RabbitMQ outage is reported, not turned into an API outage. */
describe('gateway readiness while RabbitMQ is down', () => {
  let broker: TcpProxy;
  let gw: GatewayHarness;

  const brokerMetric = async () =>
    metricSample((await request(gw.url).get('/metrics')).text, 'zonewarden_broker_connected');
  const brokerStatus = async () => (await request(gw.url).get('/health/ready')).body.details?.broker?.status;

  beforeAll(async () => {
    broker = await TcpProxy.forUrl(TEST_AMQP_URL);
    await broker.up();
    gw = await startGateway({ AMQP_URL: broker.via(TEST_AMQP_URL) });
  });
  afterAll(() =>
    teardown(
      () => gw?.close(),
      () => broker?.down(),
    ),
  );

  it('stays ready and takes writes while the broker is cut, reporting it in the body and in /metrics', async () => {
    await waitFor('the broker connection', async () => (await brokerStatus()) === 'up');
    expect(await brokerMetric()).toBe(1);

    await broker.down();
    await waitFor('the broker to be reported down', async () => (await brokerStatus()) === 'down');
    const ready = await request(gw.url).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', details: { database: { status: 'up' } } });
    expect(await brokerMetric()).toBe(0);
    const created = await request(gw.url)
      .post('/v2/zones')
      .set(as('p'))
      .send({ name: 'while-broker-down.example.com.', email: 'a@b.c' });
    expect(created.status).toBe(201);

    await broker.up();
    await waitFor('the broker to be back', async () => (await brokerStatus()) === 'up', 30_000);
    expect(await brokerMetric()).toBe(1);
  }, 60_000);
});
