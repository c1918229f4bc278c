import type { ConfirmChannel } from 'amqplib';
import {
  MessagingTopology,
  consumerQueueOptions,
  consumerQueues,
  deadLetterQueueName,
} from '@zonewarden/contracts';

/**
 * Declares exchanges, consumer queues, their bindings and dead-letter queues. Publishers run it on
 * every (re)connect, so an event is routed to its queue even before the consumer first starts.
 */
export async function assertTopology(channel: ConfirmChannel, topology: MessagingTopology): Promise<void> {
  await channel.assertExchange(topology.eventsExchange, 'topic', { durable: true });
  await channel.assertExchange(topology.deadLetterExchange, 'direct', { durable: true });
  for (const queue of consumerQueues(topology)) {
    await channel.assertQueue(queue.name, consumerQueueOptions(topology, queue));
    for (const routingKey of queue.bindings)
      await channel.bindQueue(queue.name, topology.eventsExchange, routingKey);
    const dead = deadLetterQueueName(queue.name);
    await channel.assertQueue(dead, { durable: true });
    await channel.bindQueue(dead, topology.deadLetterExchange, queue.name);
  }
}
