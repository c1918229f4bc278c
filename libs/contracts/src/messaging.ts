/**
 * RabbitMQ topology. Every app imports these names; none declares its own.
 * Events go to one durable topic exchange, routed by their pattern (`zone.created`, …).
 */
export const EVENTS_EXCHANGE = 'zonewarden.events';
/** Messages a consumer gave up on (after its bounded retries) are dead-lettered here. */
export const DEAD_LETTER_EXCHANGE = 'zonewarden.dead-letter';

export interface QueueSpec {
  name: string;
  /** Routing keys bound from EVENTS_EXCHANGE. */
  bindings: string[];
}

export const POOL_MANAGER_QUEUE: QueueSpec = {
  name: 'zonewarden.pool-manager',
  bindings: ['zone.created', 'zone.updated', 'zone.deleted'],
};

export const ALL_QUEUES: QueueSpec[] = [POOL_MANAGER_QUEUE];

export function deadLetterQueueName(queue: string): string {
  return `${queue}.dead`;
}

/** AMQP header carrying the API request id through every hop. */
export const REQUEST_ID_HEADER = 'x-request-id';
