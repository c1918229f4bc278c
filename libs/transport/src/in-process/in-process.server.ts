import { CustomTransportStrategy, RmqContext, Server } from '@nestjs/microservices';
import type { MessageEnvelope } from '@zonewarden/contracts';
import { InFlight } from '../in-flight';
import { BrokerChannel, BrokerMessage, InProcessBroker } from './in-process-broker';

/**
 * Nest's microservice transport over the in-process broker. Handlers receive the same RmqContext as
 * under RabbitMQ (message, channel with ack/nack, pattern), so `consumeMessage` and every controller
 * run unchanged. Closing stops deliveries, lets in-flight messages finish, then returns the rest.
 */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private readonly inFlight = new InFlight();

  constructor(
    private readonly broker: InProcessBroker,
    private readonly queue: string,
    private readonly prefetch: number,
  ) {
    super();
  }

  listen(callback: () => void): void {
    this.broker.consume(this.queue, this.prefetch, (message, channel) =>
      this.inFlight.track(this.handle(message, channel)),
    );
    callback();
  }

  async close(): Promise<void> {
    await this.inFlight.drain(() => this.broker.pause(this.queue));
    this.broker.cancel(this.queue);
  }

  on(): never {
    throw new Error('the in-process transport emits no events');
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  private async handle(message: BrokerMessage, channel: BrokerChannel): Promise<void> {
    let envelope: MessageEnvelope;
    try {
      envelope = JSON.parse(message.content.toString()) as MessageEnvelope;
    } catch {
      this.logger.error(`unreadable message ${message.properties.messageId}, dead-lettered`);
      return channel.nack(message, false, false);
    }
    const context = new RmqContext([message, channel, envelope.pattern]);
    if (!this.getHandlerByPattern(envelope.pattern)) {
      this.logger.error(`no handler for ${envelope.pattern}, dead-lettered`);
      return channel.nack(message, false, false);
    }
    await this.handleEvent(envelope.pattern, { pattern: envelope.pattern, data: envelope.data }, context);
  }
}
