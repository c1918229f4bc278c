import { ServiceConfig } from '@zonewarden/config';
import { ServiceApp, consumerOptions } from '@zonewarden/messaging';
import { ZoneWorkerModule } from './zone-worker.module';

/** Imports and exports handled at once. */
const ZONE_WORKER_PREFETCH = 8;

export { ServiceConfig as ZoneWorkerConfig };

export function zoneWorkerApp(config: ServiceConfig): ServiceApp {
  return {
    name: 'zone-worker',
    config,
    module: ZoneWorkerModule.forRoot(config),
    consumer: consumerOptions(config, (topology) => topology.zoneWorkerQueue, ZONE_WORKER_PREFETCH),
  };
}
