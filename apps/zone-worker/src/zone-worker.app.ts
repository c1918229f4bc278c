import { ServiceApp, consumerOptions } from '@zonewarden/messaging';
import { ZoneWorkerConfig } from './zone-worker.config';
import { ZoneWorkerModule } from './zone-worker.module';

/** Imports and exports handled at once. */
const ZONE_WORKER_PREFETCH = 8;

export { ZoneWorkerConfig };

export function zoneWorkerApp(config: ZoneWorkerConfig): ServiceApp {
  return {
    name: 'zone-worker',
    config,
    module: ZoneWorkerModule.forRoot(config),
    consumer: consumerOptions(config, (topology) => topology.zoneWorkerQueue, ZONE_WORKER_PREFETCH),
  };
}
