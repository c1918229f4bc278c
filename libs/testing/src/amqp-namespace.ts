import { randomBytes } from 'node:crypto';
import * as amqplib from 'amqplib';
import { consumerQueues, deadLetterQueueName, messagingTopology } from '@zonewarden/contracts';

export const TEST_AMQP_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

export function uniqueNamespace(): string {
  return `zwtest.${randomBytes(4).toString('hex')}`;
}

/** Removes the exchanges and queues a test run declared under its namespace. */
export async function deleteNamespace(namespace: string, amqpUrl = TEST_AMQP_URL): Promise<void> {
  const topology = messagingTopology(namespace);
  const connection = await amqplib.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const queue of consumerQueues(topology)) {
      await channel.deleteQueue(queue.name);
      await channel.deleteQueue(deadLetterQueueName(queue.name));
    }
    await channel.deleteExchange(topology.eventsExchange);
    await channel.deleteExchange(topology.deadLetterExchange);
    await channel.close();
  } finally {
    await connection.close();
  }
}
