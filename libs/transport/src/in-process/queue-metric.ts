import { Gauge } from 'prom-client';
import { InProcessBroker } from './in-process-broker';

/** The in-process brokers of this process (the one of the all-in-one mode), measured for /metrics. */
const measured = new Set<InProcessBroker>();

export function measureQueues(broker: InProcessBroker): void {
  measured.add(broker);
}

/** Registered on the process's registry by libs/runtime (service-metrics), which serves it. */
export const inProcessQueueMessages = new Gauge({
  name: 'zonewarden_in_process_queue_messages',
  help: 'Messages waiting in each queue of the in-process broker (one-process mode), dead-letter queues included',
  labelNames: ['queue'],
  registers: [],
  collect() {
    this.reset();
    for (const broker of measured)
      for (const [queue, depth] of Object.entries(broker.depths())) this.set({ queue }, depth);
  },
});
