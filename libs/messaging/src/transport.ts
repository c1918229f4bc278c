import { Logger } from '@nestjs/common';
import type { MicroserviceOptions } from '@nestjs/microservices';
import amqp from 'amqp-connection-manager';
import type { Channel } from 'amqplib';
import {
  IN_PROCESS_TRANSPORT_URL,
  MessageEnvelope,
  MessagingTopology,
  QueueSpec,
  consumerQueueOptions,
  messagingTopology,
} from '@zonewarden/contracts';
import type { ServiceConfig } from '@zonewarden/config';
import { DrainingRmqServer } from './draining-rmq.server';
import { EventPublisher } from './event-publisher';
import { inProcessBroker } from './in-process/in-process-broker';
import { InProcessPublisher } from './in-process/in-process.publisher';
import { InProcessServer } from './in-process/in-process.server';
import { MessagePublisher } from './message-publisher';

/** The transport is chosen by AMQP_URL: RabbitMQ, or the in-process broker of the all-in-one mode. */
export function isInProcess(amqpUrl: string): boolean {
  return amqpUrl === IN_PROCESS_TRANSPORT_URL;
}

export function createPublisher(amqpUrl: string, topology: MessagingTopology): MessagePublisher {
  return isInProcess(amqpUrl)
    ? new InProcessPublisher(inProcessBroker, topology)
    : new EventPublisher(amqpUrl, topology);
}

export interface QueueConsumer {
  queue: string;
  options: MicroserviceOptions;
}

/** The microservice transport for one of our queues: manual acks, `prefetch` at a time, graceful close. */
export function consumerOptions(
  config: ServiceConfig,
  queueOf: (topology: MessagingTopology) => QueueSpec,
  prefetch: number,
): QueueConsumer {
  const topology = messagingTopology(config.AMQP_NAMESPACE);
  const queue = queueOf(topology);
  if (isInProcess(config.AMQP_URL)) {
    inProcessBroker.declareQueue(queue.name, queue.bindings);
    return {
      queue: queue.name,
      options: { strategy: new InProcessServer(inProcessBroker, queue.name, prefetch) },
    };
  }
  const server = new DrainingRmqServer({
    urls: [config.AMQP_URL],
    queue: queue.name,
    queueOptions: consumerQueueOptions(topology, queue),
    noAck: false,
    prefetchCount: prefetch,
    // Nagle's algorithm delays small frames by ~40 ms per round trip.
    socketOptions: { connectionOptions: { noDelay: true } },
  });
  return { queue: queue.name, options: { strategy: server } };
}

export interface EventSubscription {
  isConnected(): boolean;
  close(): Promise<void>;
}

/**
 * Receives every event matching `bindings` on a queue of its own (exclusive, gone with the
 * subscriber), without acks: for state every instance keeps, such as mini-dns' zone cache.
 * `onSubscribed` runs on every (re)subscription, since events sent while disconnected are missed.
 */
export function subscribeToEvents(
  config: ServiceConfig,
  bindings: (topology: MessagingTopology) => string[],
  onEvent: (envelope: MessageEnvelope) => void,
  onSubscribed: () => Promise<void>,
): EventSubscription {
  const logger = new Logger('EventSubscription');
  const topology = messagingTopology(config.AMQP_NAMESPACE);
  const receive = (content: Buffer) => {
    try {
      onEvent(JSON.parse(content.toString()) as MessageEnvelope);
    } catch (error) {
      logger.warn(`ignoring an unreadable event: ${(error as Error).message}`);
    }
  };
  if (isInProcess(config.AMQP_URL)) {
    const unsubscribe = inProcessBroker.subscribe(bindings(topology), (message) => receive(message.content));
    void onSubscribed().catch(() => undefined);
    return { isConnected: () => true, close: () => Promise.resolve(unsubscribe()) };
  }
  const connection = amqp.connect([config.AMQP_URL], {
    reconnectTimeInSeconds: 1,
    connectionOptions: { noDelay: true },
  });
  const channel = connection.createChannel({
    setup: async (raw: Channel) => {
      await raw.assertExchange(topology.eventsExchange, 'topic', { durable: true });
      const { queue } = await raw.assertQueue('', { exclusive: true, autoDelete: true });
      for (const binding of bindings(topology)) await raw.bindQueue(queue, topology.eventsExchange, binding);
      await raw.consume(queue, (message) => message && receive(message.content), { noAck: true });
      await onSubscribed().catch(() => undefined);
    },
  });
  channel.on('error', (error: Error) => logger.warn(`RabbitMQ channel: ${error.message}`));
  return {
    isConnected: () => connection.isConnected(),
    close: async () => {
      await channel.close();
      await connection.close();
    },
  };
}
