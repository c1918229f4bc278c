import { ServiceConfig, loadConfig } from '@zonewarden/config';
import { consumerOptions, startService } from '@zonewarden/messaging';
import { ZoneWorkerModule } from './zone-worker.module';

const config = loadConfig(ServiceConfig, process.env);
startService(
  'zone-worker',
  config,
  ZoneWorkerModule.forRoot(config),
  consumerOptions(config, (topology) => topology.zoneWorkerQueue, 8),
);
