import { ServiceConfig, loadConfigOrExit } from '@zonewarden/config';
import { consumerOptions, startService } from '@zonewarden/messaging';
import { ZoneWorkerModule } from './zone-worker.module';

const config = loadConfigOrExit('zone-worker', ServiceConfig, process.env);
startService(
  'zone-worker',
  config,
  ZoneWorkerModule.forRoot(config),
  consumerOptions(config, (topology) => topology.zoneWorkerQueue, 8),
);
