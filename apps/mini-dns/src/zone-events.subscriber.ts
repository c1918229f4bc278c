import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import amqp, { AmqpConnectionManager, ChannelWrapper } from 'amqp-connection-manager';
import type { Channel, ConsumeMessage } from 'amqplib';
import { MessageEnvelope, ZONE_EVENTS, messagingTopology } from '@zonewarden/contracts';
import { MiniDnsConfig } from './mini-dns.config';
import { ZoneCache } from './zone-cache.service';

/**
 * Every mini-dns instance listens to all zone events on its own exclusive, server-named queue (gone
 * with the instance), and drops its cached copy of each zone that changed.
 */
@Injectable()
export class ZoneEventsSubscriber implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ZoneEventsSubscriber.name);
  private connection?: AmqpConnectionManager;
  private channel?: ChannelWrapper;

  constructor(
    private readonly cache: ZoneCache,
    private readonly config: MiniDnsConfig,
  ) {}

  onApplicationBootstrap(): void {
    const topology = messagingTopology(this.config.AMQP_NAMESPACE);
    this.connection = amqp.connect([this.config.AMQP_URL], {
      reconnectTimeInSeconds: 1,
      connectionOptions: { noDelay: true },
    });
    this.channel = this.connection.createChannel({
      setup: async (channel: Channel) => {
        await channel.assertExchange(topology.eventsExchange, 'topic', { durable: true });
        const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
        for (const binding of topology.zoneCacheBindings)
          await channel.bindQueue(queue, topology.eventsExchange, binding);
        await channel.consume(queue, (message) => message && this.onMessage(channel, message), {
          noAck: true,
        });
        // Events missed while disconnected: start from storage again.
        await this.cache.reloadIndex().catch(() => undefined);
      },
    });
    this.channel.on('error', (error: Error) => this.logger.warn(`RabbitMQ channel: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.channel?.close();
    await this.connection?.close();
  }

  private onMessage(_channel: Channel, message: ConsumeMessage): void {
    try {
      const envelope = JSON.parse(message.content.toString()) as MessageEnvelope<{ zoneName?: unknown }>;
      if (typeof envelope.data?.zoneName !== 'string') return;
      const served = envelope.pattern === ZONE_EVENTS.created || envelope.pattern === ZONE_EVENTS.updated;
      this.cache.changed(envelope.data.zoneName, served);
    } catch (error) {
      this.logger.warn(`ignoring an unreadable zone event: ${(error as Error).message}`);
    }
  }
}
