import { DEAD_LETTER_LIMITS, deadLetterQueueName } from '@zonewarden/contracts';
import { topicMatches } from './topic-match';

/** A delivered message, shaped like amqplib's (`content`, `properties`, `fields`) for the same handlers. */
export interface BrokerMessage {
  content: Buffer;
  properties: { messageId: string; type: string; headers: Record<string, unknown>; timestamp: number };
  fields: { routingKey: string; deliveryTag: number; redelivered: boolean };
}

/** What a consumer settles its deliveries with: amqplib's `ack` and `nack` signatures. */
export interface BrokerChannel {
  ack(message: BrokerMessage): void;
  nack(message: BrokerMessage, allUpTo?: boolean, requeue?: boolean): void;
}

export type Delivery = (message: BrokerMessage, channel: BrokerChannel) => void;

interface Consumer {
  prefetch: number;
  /** Paused consumers get no new deliveries but still settle the ones they hold (graceful shutdown). */
  paused: boolean;
  deliver: Delivery;
  unacked: Map<number, BrokerMessage>;
}

interface Queue {
  name: string;
  bindings: string[];
  ready: BrokerMessage[];
  consumer?: Consumer;
  /** Exclusive subscriptions: no acks, gone with their subscriber (mini-dns' cache invalidation). */
  transient: boolean;
}

/**
 * The in-process message broker behind `npm start`'s all-in-one mode: a topic exchange, durable-style
 * consumer queues with prefetch, manual acks, requeue and dead-lettering, and transient subscriptions —
 * the parts of RabbitMQ our apps rely on, so the same handlers run unchanged. Messages live in memory:
 * what a crash loses, the outbox and the apps' reconcilers re-drive from storage (docs/architecture-notes.md).
 */
export class InProcessBroker {
  private readonly queues = new Map<string, Queue>();
  private nextTag = 1;
  private nextSubscription = 1;

  /** Declares a consumer queue bound to `bindings`, and its dead-letter queue (idempotent). */
  declareQueue(name: string, bindings: string[]): void {
    if (!this.queues.has(name)) this.queues.set(name, { name, bindings, ready: [], transient: false });
    const dead = deadLetterQueueName(name);
    if (!this.queues.has(dead))
      this.queues.set(dead, { name: dead, bindings: [], ready: [], transient: false });
  }

  /** Routes a message to every queue with a matching binding; unrouted messages are dropped, as in AMQP. */
  publish(
    routingKey: string,
    content: Buffer,
    properties: Omit<BrokerMessage['properties'], 'timestamp'>,
  ): void {
    for (const queue of this.queues.values()) {
      if (!queue.bindings.some((binding) => topicMatches(binding, routingKey))) continue;
      this.enqueue(queue, {
        content,
        properties: { ...properties, timestamp: Math.floor(Date.now() / 1000) },
        fields: { routingKey, deliveryTag: 0, redelivered: false },
      });
    }
  }

  /** Starts delivering a queue's messages, at most `prefetch` unacknowledged at a time. */
  consume(queueName: string, prefetch: number, deliver: Delivery): void {
    const queue = this.queue(queueName);
    if (queue.consumer) throw new Error(`queue ${queueName} already has a consumer`);
    queue.consumer = { prefetch, deliver, paused: false, unacked: new Map() };
    this.dispatch(queue);
  }

  /** Stops new deliveries to a queue's consumer; what it holds it can still ack or nack. */
  pause(queueName: string): void {
    const consumer = this.queue(queueName).consumer;
    if (consumer) consumer.paused = true;
  }

  /** Removes a queue's consumer; messages it left unacknowledged go back to the queue, as when an AMQP channel closes. */
  cancel(queueName: string): void {
    const queue = this.queue(queueName);
    const unacked = [...(queue.consumer?.unacked.values() ?? [])];
    queue.consumer = undefined;
    queue.ready.unshift(...unacked.map((message) => this.redelivered(message)));
  }

  /** A transient queue bound to `bindings`, delivering without acks; returns its unsubscribe. */
  subscribe(bindings: string[], deliver: (message: BrokerMessage) => void): () => void {
    const name = `subscription.${this.nextSubscription++}`;
    const queue: Queue = { name, bindings, ready: [], transient: true };
    queue.consumer = {
      prefetch: Infinity,
      deliver: (message) => deliver(message),
      paused: false,
      unacked: new Map(),
    };
    this.queues.set(name, queue);
    return () => this.queues.delete(name);
  }

  /** Messages waiting (not delivered yet) in each queue, dead-letter queues included; subscriptions aside. */
  depths(): Record<string, number> {
    const durable = [...this.queues.values()].filter((queue) => !queue.transient);
    return Object.fromEntries(durable.map((queue) => [queue.name, queue.ready.length]));
  }

  private queue(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`queue ${name} is not declared`);
    return queue;
  }

  private enqueue(queue: Queue, message: BrokerMessage): void {
    queue.ready.push(message);
    // Later, never inside the publisher's call: a handler must not run on the publisher's stack.
    setImmediate(() => this.dispatch(queue));
  }

  private dispatch(queue: Queue): void {
    const consumer = queue.consumer;
    while (consumer && queue.consumer === consumer && queue.ready.length > 0) {
      if (consumer.paused || consumer.unacked.size >= consumer.prefetch) return;
      const message = queue.ready.shift() as BrokerMessage;
      const delivered = { ...message, fields: { ...message.fields, deliveryTag: this.nextTag++ } };
      if (!queue.transient) consumer.unacked.set(delivered.fields.deliveryTag, delivered);
      consumer.deliver(delivered, this.channelFor(queue, consumer));
    }
  }

  private channelFor(queue: Queue, consumer: Consumer): BrokerChannel {
    const settle = (message: BrokerMessage): boolean => {
      if (!consumer.unacked.delete(message.fields.deliveryTag)) return false;
      setImmediate(() => this.dispatch(queue));
      return true;
    };
    return {
      ack: (message) => void settle(message),
      nack: (message, _allUpTo = false, requeue = true) => {
        if (!settle(message)) return;
        if (requeue) queue.ready.unshift(this.redelivered(message));
        else this.deadLetter(queue, message);
      },
    };
  }

  /** Into the queue's dead-letter queue, bounded as RabbitMQ's (DEAD_LETTER_LIMITS): the oldest go first. */
  private deadLetter(queue: Queue, message: BrokerMessage): void {
    const dead = this.queues.get(deadLetterQueueName(queue.name))?.ready;
    if (!dead) return;
    dead.push({
      ...message,
      properties: { ...message.properties, timestamp: Math.floor(Date.now() / 1000) },
    });
    const oldest = (Date.now() - DEAD_LETTER_LIMITS.maxAgeMs) / 1000;
    while (dead.length > DEAD_LETTER_LIMITS.maxLength || dead[0].properties.timestamp < oldest) dead.shift();
  }

  private redelivered(message: BrokerMessage): BrokerMessage {
    return { ...message, fields: { ...message.fields, redelivered: true } };
  }
}
