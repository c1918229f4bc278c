import { randomUUID } from 'node:crypto';
import { RmqOptions, ServerRMQ } from '@nestjs/microservices';
import type { Channel } from 'amqplib';
import { InFlight } from '../in-flight';

/**
 * Nest's RabbitMQ transport with a graceful close: it cancels its consumer (no new deliveries), waits
 * for the messages being handled to finish and be acked, and only then closes the channel. Nest's own
 * close drops the channel at once, so in-flight work would end half done and be redelivered.
 */
export class DrainingRmqServer extends ServerRMQ {
  private readonly inFlight = new InFlight();
  private readonly consumerTag: string;
  private consumingChannel?: Channel;

  constructor(options: Required<RmqOptions>['options']) {
    const consumerTag = `${String(options.queue)}.${randomUUID()}`;
    super({ ...options, consumerTag });
    this.consumerTag = consumerTag;
  }

  override async setupChannel(channel: Channel, callback: () => void): Promise<void> {
    this.consumingChannel = channel;
    await super.setupChannel(channel, callback);
  }

  override handleMessage(message: Record<string, unknown>, channel: unknown): Promise<void> {
    const handled = super.handleMessage(message, channel);
    this.inFlight.track(handled);
    return handled;
  }

  override async close(): Promise<void> {
    await this.inFlight.drain(async () => {
      // A channel already gone (broker down) delivers nothing more either.
      await this.consumingChannel?.cancel(this.consumerTag).catch(() => undefined);
    });
    await super.close();
  }
}
