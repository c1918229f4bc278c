import { Counter, Histogram } from 'prom-client';
import { serviceRegistry } from '@zonewarden/runtime';

/** From a zone change accepted by the API to every pool nameserver serving it (or the zone purged). */
export const propagationSeconds = new Histogram({
  name: 'zonewarden_propagation_seconds',
  help: 'Time from a zone change to its confirmation on every pool nameserver, by action',
  labelNames: ['action'],
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [serviceRegistry],
});

export const propagationFailures = new Counter({
  name: 'zonewarden_propagation_failures_total',
  help: 'Zone changes marked ERROR after the retry budget, by action',
  labelNames: ['action'],
  registers: [serviceRegistry],
});
