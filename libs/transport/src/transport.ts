import { Logger } from '@nestjs/common';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { MessageEnvelope, MessagingTopology, QueueSpec } from '@zonewarden/contracts';
import { MessagePublisher } from './message-publisher';

export interface QueueConsumer {
  queue: string;
  /** The routing keys bound to the queue. */
  bindings: string[];
  options: MicroserviceOptions;
}

export interface EventSubscription {
  isConnected(): boolean;
  close(): Promise<void>;
}

/**
 * How the apps of a process exchange messages: RabbitMQ, or the in-process broker of the all-in-one
 * mode. One is chosen per process (createTransport) and handed to every app of it; nothing else knows
 * which. Also the Nest injection token of that choice (TransportModule).
 */
export abstract class Transport {
  constructor(readonly topology: MessagingTopology) {}

  /** Where the outbox relay hands messages over; declares the consumer queues first. */
  abstract publisher(): MessagePublisher;

  /** The microservice transport for one of our queues: manual acks, `prefetch` at a time, graceful close. */
  abstract consumer(queueOf: (topology: MessagingTopology) => QueueSpec, prefetch: number): QueueConsumer;

  /**
   * Receives every event matching `bindings` on a queue of its own (exclusive, gone with the
   * subscriber), without acks: for state every instance keeps, such as mini-dns' zone cache.
   * `onSubscribed` runs on every (re)subscription, since events sent while disconnected are missed.
   */
  subscribe(
    bindings: (topology: MessagingTopology) => string[],
    onEvent: (envelope: MessageEnvelope) => void,
    onSubscribed: () => Promise<void>,
  ): EventSubscription {
    const logger = new Logger('EventSubscription');
    const receive = (content: Buffer) => {
      try {
        onEvent(JSON.parse(content.toString()) as MessageEnvelope);
      } catch (error) {
        logger.warn(`ignoring an unreadable event: ${(error as Error).message}`);
      }
    };
    return this.subscribeTo(bindings(this.topology), receive, onSubscribed);
  }

  protected abstract subscribeTo(
    bindings: string[],
    receive: (content: Buffer) => void,
    onSubscribed: () => Promise<void>,
  ): EventSubscription;
}
