import { ServiceApp } from '@zonewarden/runtime';
import { Transport } from '@zonewarden/transport';
import { ZoneWorkerConfig } from './zone-worker.config';
import { ZoneWorkerModule } from './zone-worker.module';

/** Imports and exports handled at once. */
const ZONE_WORKER_PREFETCH = 8;

export { ZoneWorkerConfig };

export function zoneWorkerApp(config: ZoneWorkerConfig, transport: Transport): ServiceApp {
  return {
    name: 'zone-worker',
    config,
    module: ZoneWorkerModule.forRoot(config, transport),
    consumer: transport.consumer((topology) => topology.zoneWorkerQueue, ZONE_WORKER_PREFETCH),
  };
}
