import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A background app's Prometheus metrics, served by its ops endpoint (OPS_PORT). */
export const serviceRegistry = new Registry();

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

export const outboxLagSeconds = new Histogram({
  name: 'zonewarden_outbox_lag_seconds',
  help: 'Time events waited in the outbox before the relay published them, by message name',
  labelNames: ['pattern'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [serviceRegistry],
});

/** Whatever reports a broker connection (the outbox relays of this process). */
const brokerLinks = new Set<{ isBrokerConnected(): boolean }>();

export function reportBrokerConnection(link: { isBrokerConnected(): boolean }): void {
  brokerLinks.add(link);
}

/** 1 while every broker connection of this process is up, 0 while one is down (writes wait in the outbox). */
new Gauge({
  name: 'zonewarden_broker_connected',
  help: 'Whether the connection to the message broker is up (1) or not (0)',
  registers: [serviceRegistry],
  collect() {
    this.set([...brokerLinks].every((link) => link.isBrokerConnected()) ? 1 : 0);
  },
});

/** Process metrics (memory, event-loop lag, …) under the app's own prefix. */
export function collectProcessMetrics(app: string): void {
  collectDefaultMetrics({ register: serviceRegistry, prefix: `zonewarden_${app.replace(/-/g, '_')}_` });
}
