import { Gauge, Histogram } from 'prom-client';

export const outboxLagSeconds = new Histogram({
  name: 'zonewarden_outbox_lag_seconds',
  help: 'Time events waited in the outbox before the relay published them, by message name',
  labelNames: ['pattern'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [],
});

/** Whatever reports a broker connection (the outbox relays of this process). */
const brokerLinks = new Set<{ isBrokerConnected(): boolean }>();

export function reportBrokerConnection(link: { isBrokerConnected(): boolean }): void {
  brokerLinks.add(link);
}

/** 1 while every broker connection of this process is up, 0 while one is down (writes wait in the outbox). */
const brokerConnected = new Gauge({
  name: 'zonewarden_broker_connected',
  help: 'Whether the connection to the message broker is up (1) or not (0)',
  registers: [],
  collect() {
    this.set([...brokerLinks].every((link) => link.isBrokerConnected()) ? 1 : 0);
  },
});

/** The relay's metrics; libs/runtime registers them on the process's registry, which serves them. */
export const outboxMetrics = [outboxLagSeconds, brokerConnected];
