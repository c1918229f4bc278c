import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { StorageStatusService } from '@zonewarden/domain';
import { OutboxBacklog } from '@zonewarden/persistence';

/** The gateway's Prometheus metrics; storage-derived gauges are read when scraped. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'zonewarden_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly zoneChanges = new Counter({
    name: 'zonewarden_zone_changes_total',
    help: 'Zone changes accepted by the API, by action',
    labelNames: ['action'],
    registers: [this.registry],
  });

  constructor(storage: StorageStatusService) {
    collectDefaultMetrics({ register: this.registry, prefix: 'zonewarden_gateway_' });
    // Both outbox gauges are collected in the same scrape: one query serves them.
    let reading: Promise<OutboxBacklog> | undefined;
    const backlog = () => (reading ??= storage.outboxBacklog().finally(() => (reading = undefined)));
    new Gauge({
      name: 'zonewarden_outbox_pending',
      help: 'Events written but not yet published to the broker',
      registers: [this.registry],
      async collect() {
        this.set((await backlog()).pending);
      },
    });
    new Gauge({
      name: 'zonewarden_outbox_oldest_pending_seconds',
      help: 'Age of the oldest event not yet published to the broker (0 when none waits)',
      registers: [this.registry],
      async collect() {
        this.set((await backlog()).oldestSeconds);
      },
    });
    new Gauge({
      name: 'zonewarden_zones',
      help: 'Zones by status and pending action',
      labelNames: ['status', 'action'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await storage.zoneCounts())
          this.set({ status: row.status, action: row.action }, row.count);
      },
    });
  }
}
