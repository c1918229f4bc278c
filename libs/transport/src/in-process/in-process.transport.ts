import { MessagingTopology, QueueSpec } from '@zonewarden/contracts';
import { MessagePublisher } from '../message-publisher';
import { EventSubscription, QueueConsumer, Transport } from '../transport';
import { InProcessBroker } from './in-process-broker';
import { InProcessPublisher } from './in-process.publisher';
import { InProcessServer } from './in-process.server';
import { measureQueues } from './queue-metric';

/** The all-in-one mode's transport: every app of the process on one in-memory broker. */
export class InProcessTransport extends Transport {
  constructor(
    private readonly broker: InProcessBroker,
    topology: MessagingTopology,
  ) {
    super(topology);
    measureQueues(broker);
  }

  publisher(): MessagePublisher {
    return new InProcessPublisher(this.broker, this.topology);
  }

  consumer(queueOf: (topology: MessagingTopology) => QueueSpec, prefetch: number): QueueConsumer {
    const queue = queueOf(this.topology);
    this.broker.declareQueue(queue.name, queue.bindings);
    return {
      queue: queue.name,
      bindings: queue.bindings,
      options: { strategy: new InProcessServer(this.broker, queue.name, prefetch) },
    };
  }

  protected subscribeTo(
    bindings: string[],
    receive: (content: Buffer) => void,
    onSubscribed: () => Promise<void>,
  ): EventSubscription {
    const unsubscribe = this.broker.subscribe(bindings, (message) => receive(message.content));
    void onSubscribed().catch(() => undefined);
    return { isConnected: () => true, close: () => Promise.resolve(unsubscribe()) };
  }
}
