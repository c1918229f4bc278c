import { MessagingTopology, consumerQueues } from '@zonewarden/contracts';
import { MessagePublisher, OutgoingMessage, encodeMessage } from '../message-publisher';
import { InProcessBroker } from './in-process-broker';

/** Publishes to the in-process broker; declares the consumer queues first, as the AMQP publisher does. */
export class InProcessPublisher implements MessagePublisher {
  constructor(
    private readonly broker: InProcessBroker,
    topology: MessagingTopology,
  ) {
    for (const queue of consumerQueues(topology)) broker.declareQueue(queue.name, queue.bindings);
  }

  publish(message: OutgoingMessage): Promise<void> {
    const { content, properties } = encodeMessage(message);
    this.broker.publish(message.pattern, content, properties);
    return Promise.resolve();
  }

  isConnected(): boolean {
    return true;
  }

  waitForConnection(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
