import { randomBytes } from 'node:crypto';
import * as amqplib from 'amqplib';
import { consumerQueues, deadLetterQueueName, messagingTopology } from '@zonewarden/contracts';

export const TEST_AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

export function uniqueNamespace(): string {
  return `zwtest.${randomBytes(4).toString('hex')}`;
}

/**
 * Removes the exchanges and queues a test run declared under its namespace. Each removal gets its own
 * channel: RabbitMQ closes a channel on a failed operation (e.g. an exchange never declared).
 */
export async function deleteNamespace(namespace: string, amqpUrl = TEST_AMQP_URL): Promise<void> {
  const topology = messagingTopology(namespace);
  // A bounded connect: a broker that does not answer fails the teardown step instead of hanging it.
  const connection = await amqplib.connect(amqpUrl, { timeout: 10_000 });
  connection.on('error', () => undefined);
  const attempt = async (operation: (channel: amqplib.Channel) => Promise<unknown>) => {
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    await operation(channel).catch(() => undefined);
    await channel.close().catch(() => undefined);
  };
  try {
    for (const queue of consumerQueues(topology)) {
      await attempt((channel) => channel.deleteQueue(queue.name));
      await attempt((channel) => channel.deleteQueue(deadLetterQueueName(queue.name)));
    }
    await attempt((channel) => channel.deleteExchange(topology.eventsExchange));
    await attempt((channel) => channel.deleteExchange(topology.deadLetterExchange));
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/** How many messages each consumer queue of a namespace has dead-lettered, by queue name. */
export async function deadLetterCounts(
  namespace: string,
  amqpUrl = TEST_AMQP_URL,
): Promise<Record<string, number>> {
  const connection = await amqplib.connect(amqpUrl, { timeout: 10_000 });
  try {
    const channel = await connection.createChannel();
    const counts: Record<string, number> = {};
    for (const queue of consumerQueues(messagingTopology(namespace)))
      counts[queue.name] = (await channel.checkQueue(deadLetterQueueName(queue.name))).messageCount;
    return counts;
  } finally {
    await connection.close();
  }
}
