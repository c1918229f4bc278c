import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { outboxMetrics } from '@zonewarden/outbox';
import { inProcessQueueMessages } from '@zonewarden/transport';

/**
 * A background app's Prometheus metrics, served by its ops endpoint (OPS_PORT): its own, and those the
 * outbox relay and the in-process broker keep.
 */
export const serviceRegistry = new Registry();
for (const metric of [...outboxMetrics, inProcessQueueMessages]) serviceRegistry.registerMetric(metric);

export const messagesConsumed = new Counter({
  name: 'zonewarden_messages_consumed_total',
  help: 'Messages handled and acked, by message name',
  labelNames: ['pattern'],
  registers: [serviceRegistry],
});

export const messagesFailed = new Counter({
  name: 'zonewarden_messages_failed_total',
  help: 'Messages dead-lettered, by message name',
  labelNames: ['pattern'],
  registers: [serviceRegistry],
});

/** Process metrics (memory, event-loop lag, …) under the app's own prefix. */
export function collectProcessMetrics(app: string): void {
  collectDefaultMetrics({ register: serviceRegistry, prefix: `zonewarden_${app.replace(/-/g, '_')}_` });
}
