import * as amqplib from 'amqplib';
import { deadLetterQueueName, messagingTopology } from '@zonewarden/contracts';
import { TEST_AMQP_URL, deleteNamespace, uniqueNamespace, waitFor } from '@zonewarden/testing';
import { createTransport } from '../src';

/** Declares `queue` as given on its own channel; resolves with RabbitMQ's refusal, if any. */
async function declare(
  connection: amqplib.ChannelModel,
  queue: string,
  options: amqplib.Options.AssertQueue,
) {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    await channel.assertQueue(queue, options);
    await channel.close();
    return 'accepted';
  } catch (error) {
    return /PRECONDITION_FAILED/.test((error as Error).message) ? 'refused' : (error as Error).message;
  }
}

describe('dead-letter queues on RabbitMQ', () => {
  let connection: amqplib.ChannelModel;
  const namespaces: string[] = [];

  beforeAll(async () => {
    connection = await amqplib.connect(TEST_AMQP_URL);
    connection.on('error', () => undefined);
  });
  afterAll(async () => {
    await connection?.close().catch(() => undefined);
    for (const namespace of namespaces) await deleteNamespace(namespace).catch(() => undefined);
  });

  async function publisherIn(namespace: string) {
    namespaces.push(namespace);
    const publisher = createTransport({ AMQP_URL: TEST_AMQP_URL, AMQP_NAMESPACE: namespace }).publisher();
    await waitFor('the publisher to connect', () => publisher.isConnected());
    return publisher;
  }

  it('are declared bounded by length and age (an unbounded redeclaration is refused)', async () => {
    const namespace = uniqueNamespace();
    const publisher = await publisherIn(namespace);
    try {
      const dead = deadLetterQueueName(messagingTopology(namespace).poolManagerQueue.name);
      await waitFor(
        'the topology',
        async () => (await declare(connection, dead, { durable: true })) !== 'accepted',
      );
      expect(await declare(connection, dead, { durable: true })).toBe('refused');
    } finally {
      await publisher.close();
    }
  });

  it('keep working when an earlier version declared one without bounds', async () => {
    const namespace = uniqueNamespace();
    const dead = deadLetterQueueName(messagingTopology(namespace).poolManagerQueue.name);
    expect(await declare(connection, dead, { durable: true })).toBe('accepted');
    const publisher = await publisherIn(namespace);
    try {
      await publisher.publish({
        id: 'e1',
        pattern: 'zone.created',
        payload: {},
        headers: {},
      });
    } finally {
      await publisher.close();
    }
  });
});
