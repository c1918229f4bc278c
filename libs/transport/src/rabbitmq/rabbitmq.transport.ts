import { Logger } from '@nestjs/common';
import amqp from 'amqp-connection-manager';
import type { Channel } from 'amqplib';
import { MessagingTopology, QueueSpec, consumerQueueOptions } from '@zonewarden/contracts';
import { MessagePublisher } from '../message-publisher';
import { EventSubscription, QueueConsumer, Transport } from '../transport';
import { DrainingRmqServer } from './draining-rmq.server';
import { EventPublisher } from './event-publisher';

/** RabbitMQ at `amqpUrl`: what every app uses when it runs as its own process. */
export class RabbitMqTransport extends Transport {
  constructor(
    private readonly amqpUrl: string,
    topology: MessagingTopology,
  ) {
    super(topology);
  }

  publisher(): MessagePublisher {
    return new EventPublisher(this.amqpUrl, this.topology);
  }

  consumer(queueOf: (topology: MessagingTopology) => QueueSpec, prefetch: number): QueueConsumer {
    const queue = queueOf(this.topology);
    const server = new DrainingRmqServer({
      urls: [this.amqpUrl],
      queue: queue.name,
      queueOptions: consumerQueueOptions(this.topology, queue),
      noAck: false,
      prefetchCount: prefetch,
      // Nagle's algorithm delays small frames by ~40 ms per round trip.
      socketOptions: { connectionOptions: { noDelay: true } },
    });
    return { queue: queue.name, bindings: queue.bindings, options: { strategy: server } };
  }

  protected subscribeTo(
    bindings: string[],
    receive: (content: Buffer) => void,
    onSubscribed: () => Promise<void>,
  ): EventSubscription {
    const { eventsExchange } = this.topology;
    const connection = amqp.connect([this.amqpUrl], {
      reconnectTimeInSeconds: 1,
      connectionOptions: { noDelay: true },
    });
    const channel = connection.createChannel({
      setup: async (raw: Channel) => {
        await raw.assertExchange(eventsExchange, 'topic', { durable: true });
        const { queue } = await raw.assertQueue('', { exclusive: true, autoDelete: true });
        for (const binding of bindings) await raw.bindQueue(queue, eventsExchange, binding);
        await raw.consume(queue, (message) => message && receive(message.content), { noAck: true });
        await onSubscribed().catch(() => undefined);
      },
    });
    channel.on('error', (error: Error) =>
      new Logger('EventSubscription').warn(`RabbitMQ channel: ${error.message}`),
    );
    return {
      isConnected: () => connection.isConnected(),
      close: async () => {
        await channel.close();
        await connection.close();
      },
    };
  }
}
