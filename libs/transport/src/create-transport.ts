import { IN_PROCESS_TRANSPORT_URL, messagingTopology } from '@zonewarden/contracts';
import { InProcessBroker } from './in-process/in-process-broker';
import { InProcessTransport } from './in-process/in-process.transport';
import { RabbitMqTransport } from './rabbitmq/rabbitmq.transport';
import { Transport } from './transport';

/** The settings the choice reads (ServiceConfig's, without depending on libs/config). */
export interface TransportSettings {
  AMQP_URL: string;
  AMQP_NAMESPACE: string;
}

/**
 * The one place the transport is chosen, by AMQP_URL: RabbitMQ, or a new in-process broker (the
 * all-in-one mode, which creates one and hands it to all its apps).
 */
export function createTransport(settings: TransportSettings): Transport {
  const topology = messagingTopology(settings.AMQP_NAMESPACE);
  return settings.AMQP_URL === IN_PROCESS_TRANSPORT_URL
    ? new InProcessTransport(new InProcessBroker(), topology)
    : new RabbitMqTransport(settings.AMQP_URL, topology);
}
