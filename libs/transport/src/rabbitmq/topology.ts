import { Logger } from '@nestjs/common';
import type { Channel, ConfirmChannel } from 'amqplib';
import {
  MessagingTopology,
  consumerQueueOptions,
  consumerQueues,
  deadLetterQueueName,
  deadLetterQueueOptions,
} from '@zonewarden/contracts';

/**
 * Declares exchanges, consumer queues, their bindings and dead-letter queues. Publishers run it on
 * every (re)connect, so an event is routed to its queue even before the consumer first starts.
 * `openChannel` gives a throwaway channel for declarations that may be refused.
 */
export async function assertTopology(
  channel: ConfirmChannel,
  topology: MessagingTopology,
  openChannel: () => Promise<Channel>,
): Promise<void> {
  await channel.assertExchange(topology.eventsExchange, 'topic', { durable: true });
  await channel.assertExchange(topology.deadLetterExchange, 'direct', { durable: true });
  for (const queue of consumerQueues(topology)) {
    await channel.assertQueue(queue.name, consumerQueueOptions(topology, queue));
    for (const routingKey of queue.bindings)
      await channel.bindQueue(queue.name, topology.eventsExchange, routingKey);
    const dead = deadLetterQueueName(queue.name);
    await assertDeadLetterQueue(dead, openChannel);
    await channel.bindQueue(dead, topology.deadLetterExchange, queue.name);
  }
}

/**
 * A bounded dead-letter queue. One declared unbounded by an earlier version is refused a redeclaration
 * with bounds (RabbitMQ closes the channel on it, hence the throwaway one): it keeps working, and a
 * warning says how to have it bounded.
 */
async function assertDeadLetterQueue(name: string, openChannel: () => Promise<Channel>): Promise<void> {
  const probe = await openChannel();
  probe.on('error', () => undefined);
  try {
    await probe.assertQueue(name, deadLetterQueueOptions());
  } catch (error) {
    if (!/PRECONDITION_FAILED/.test((error as Error).message)) throw error;
    new Logger('Topology').warn(
      `dead-letter queue ${name} was declared without bounds by an earlier version; empty it ` +
        '(npm run zonewarden -- dead-letters) and delete it to have it bounded',
    );
  } finally {
    await probe.close().catch(() => undefined);
  }
}
