/**
 * RabbitMQ topology. Every app takes its names from here; none declares its own. Names live under a
 * namespace (`AMQP_NAMESPACE`, default `zonewarden`) so that several installations, or test runs,
 * can share one broker without seeing each other's messages.
 */
export const DEFAULT_AMQP_NAMESPACE = 'zonewarden';

export interface QueueSpec {
  name: string;
  /** Routing keys bound from the events exchange. */
  bindings: string[];
}

export interface MessagingTopology {
  /** Durable topic exchange for every event, routed by its pattern (`zone.created`, …). */
  eventsExchange: string;
  /** Messages a consumer gave up on (after its bounded retries) are dead-lettered here. */
  deadLetterExchange: string;
  poolManagerQueue: QueueSpec;
  zoneWorkerQueue: QueueSpec;
  /**
   * What each mini-dns instance binds its own exclusive, server-named queue to: every zone event,
   * so that all instances drop their cached copy of a changed zone.
   */
  zoneCacheBindings: string[];
}

export function messagingTopology(namespace: string = DEFAULT_AMQP_NAMESPACE): MessagingTopology {
  return {
    eventsExchange: `${namespace}.events`,
    deadLetterExchange: `${namespace}.dead-letter`,
    poolManagerQueue: {
      name: `${namespace}.pool-manager`,
      bindings: ['zone.created', 'zone.updated', 'zone.deleted'],
    },
    zoneWorkerQueue: {
      name: `${namespace}.zone-worker`,
      bindings: ['zone.export.requested', 'zone.import.requested', 'zone.xfr.requested'],
    },
    zoneCacheBindings: ['zone.*'],
  };
}

export function consumerQueues(topology: MessagingTopology): QueueSpec[] {
  return [topology.poolManagerQueue, topology.zoneWorkerQueue];
}

export function deadLetterQueueName(queue: string): string {
  return `${queue}.dead`;
}

/** Dead-letter queues keep this many messages at most (the oldest go first), each this long at most. */
export const DEAD_LETTER_LIMITS = { maxLength: 10_000, maxAgeMs: 14 * 24 * 60 * 60_000 };

/** Arguments of a dead-letter queue's declaration: bounded by length and age. */
export function deadLetterQueueOptions() {
  return {
    durable: true,
    maxLength: DEAD_LETTER_LIMITS.maxLength,
    messageTtl: DEAD_LETTER_LIMITS.maxAgeMs,
    arguments: { 'x-overflow': 'drop-head' },
  };
}

/** Arguments every declaration of a consumer queue must use (RabbitMQ refuses mismatched redeclarations). */
export function consumerQueueOptions(topology: MessagingTopology, queue: QueueSpec) {
  return { durable: true, deadLetterExchange: topology.deadLetterExchange, deadLetterRoutingKey: queue.name };
}

/** AMQP header carrying the API request id through every hop. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The message body: Nest's RMQ transport reads `pattern` and `data`. */
export interface MessageEnvelope<T = unknown> {
  pattern: string;
  data: T;
}

/**
 * The AMQP_URL of the in-process transport: all apps in one process (`npm start` without AMQP_URL)
 * exchange messages through an in-memory broker instead of RabbitMQ. Never read from the environment.
 */
export const IN_PROCESS_TRANSPORT_URL = 'in-process:';
