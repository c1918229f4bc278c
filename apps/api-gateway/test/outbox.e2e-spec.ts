import * as amqplib from 'amqplib';
import request from 'supertest';
import {
  MessageEnvelope,
  ZONE_EVENTS,
  ZoneCreatedV1,
  consumerQueueOptions,
  messagingTopology,
  parsePayload,
} from '@zonewarden/contracts';
import { ProcessedMessagesRepository } from '@zonewarden/persistence';
import { TEST_AMQP_URL, TcpProxy, waitFor, teardown } from '@zonewarden/testing';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const ZONES = 50;

describe('transactional outbox', () => {
  let proxy: TcpProxy;
  let gw: GatewayHarness;
  let connection: amqplib.ChannelModel;

  beforeAll(async () => {
    proxy = await TcpProxy.forUrl(TEST_AMQP_URL);
    gw = await startGateway({ AMQP_URL: proxy.via(TEST_AMQP_URL) });
    connection = await amqplib.connect(TEST_AMQP_URL);
  });
  afterAll(() =>
    teardown(
      () => connection?.close(),
      () => gw?.close(),
      () => proxy?.down(),
    ),
  );

  it('keeps zone changes while RabbitMQ is unreachable and delivers each event exactly once when it is back', async () => {
    // RabbitMQ unreachable: the API still answers.
    const created = await Promise.all(
      Array.from({ length: ZONES }, (_, i) =>
        request(gw.url)
          .post('/v2/zones')
          .set(as('project-outbox'))
          .send({ name: `z${i}.outbox.test.`, email: 'a@outbox.test' }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(ZONES).fill(201));
    expect(await gw.prisma.outboxMessage.count({ where: { publishedAt: null } })).toBe(ZONES);

    // A consumer on the pool-manager queue, idempotent on the message id.
    const topology = messagingTopology(gw.namespace);
    const queue = topology.poolManagerQueue;
    const channel = await connection.createChannel();
    await channel.assertExchange(topology.eventsExchange, 'topic', { durable: true });
    await channel.assertQueue(queue.name, consumerQueueOptions(topology, queue));
    for (const key of queue.bindings) await channel.bindQueue(queue.name, topology.eventsExchange, key);
    const processed = new ProcessedMessagesRepository(gw.prisma);
    const handled: string[] = [];
    let duplicates = 0;
    let deliveries = 0;
    await channel.consume(queue.name, async (message) => {
      if (!message) return;
      deliveries++;
      const envelope = JSON.parse(message.content.toString()) as MessageEnvelope;
      expect(envelope.pattern).toBe(ZONE_EVENTS.created);
      const event = parsePayload(ZoneCreatedV1, envelope.data);
      const first = await processed.processOnce('outbox-test', message.properties.messageId, async () => {
        handled.push(event.zoneId);
      });
      if (!first) duplicates++;
      channel.ack(message);
    });

    // RabbitMQ reachable again: the relay drains the outbox.
    await proxy.up();
    await waitFor('every zone event to be handled', () => handled.length >= ZONES, 30_000);
    await waitFor(
      'the outbox to be drained',
      async () => (await gw.prisma.outboxMessage.count({ where: { publishedAt: null } })) === 0,
      10_000,
    );

    // A redelivery of an already handled message (same message id) is filtered.
    const [oneMessage] = await gw.prisma.outboxMessage.findMany({ take: 1 });
    channel.publish(
      topology.eventsExchange,
      oneMessage.pattern,
      Buffer.from(JSON.stringify({ pattern: oneMessage.pattern, data: oneMessage.payload })),
      {
        messageId: oneMessage.id,
      },
    );
    await waitFor('the redelivered message to arrive', () => deliveries > ZONES, 10_000);

    expect(handled.sort()).toEqual(created.map((r) => r.body.id).sort());
    expect(duplicates).toBe(deliveries - ZONES);
    expect(duplicates).toBeGreaterThanOrEqual(1);
    await channel.close();
  });
});
