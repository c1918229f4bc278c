import { Logger } from '@nestjs/common';
import amqp, { AmqpConnectionManager, ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel } from 'amqplib';
import { MessagingTopology } from '@zonewarden/contracts';
import { MessagePublisher, OutgoingMessage, encodeMessage } from '../message-publisher';
import { assertTopology } from './topology';

const PUBLISH_TIMEOUT_MS = 10_000;

/** Publishes events to the events exchange over a confirm channel; reconnects by itself. */
export class EventPublisher implements MessagePublisher {
  private readonly logger = new Logger(EventPublisher.name);
  private readonly connection: AmqpConnectionManager;
  private readonly channel: ChannelWrapper;

  constructor(
    amqpUrl: string,
    private readonly topology: MessagingTopology,
  ) {
    this.connection = amqp.connect([amqpUrl], {
      heartbeatIntervalInSeconds: 5,
      reconnectTimeInSeconds: 1,
      // Nagle's algorithm delays small frames by ~40 ms per round trip.
      connectionOptions: { noDelay: true },
    });
    this.connection.on('connect', () => this.logger.log('connected to RabbitMQ'));
    this.connection.on('disconnect', ({ err }) =>
      this.logger.warn(`RabbitMQ connection lost: ${err?.message ?? 'closed'}`),
    );
    this.channel = this.connection.createChannel({
      confirm: true,
      publishTimeout: PUBLISH_TIMEOUT_MS,
      setup: (channel: ConfirmChannel) =>
        assertTopology(channel, topology, () => this.connection.connection!.createChannel()),
    });
    // A channel failing (its setup interrupted by a closing connection, say) is retried on reconnect.
    this.channel.on('error', (error: Error) => this.logger.warn(`RabbitMQ channel: ${error.message}`));
  }

  isConnected(): boolean {
    return this.connection.isConnected();
  }

  /** Resolves once the broker confirmed the message. */
  async publish(message: OutgoingMessage): Promise<void> {
    const { content, properties } = encodeMessage(message);
    await this.channel.publish(this.topology.eventsExchange, message.pattern, content, {
      ...properties,
      contentType: 'application/json',
      persistent: true,
      timestamp: Math.floor(Date.now() / 1000),
    });
  }

  waitForConnection(ms: number): Promise<void> {
    if (this.isConnected()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.connection.off('connect', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.connection.once('connect', done);
    });
  }

  async close(): Promise<void> {
    await this.channel.close();
    await this.connection.close();
  }
}
