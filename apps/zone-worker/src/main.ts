import { loadConfigOrExit } from '@zonewarden/config';
import { startService } from '@zonewarden/messaging';
import { ZoneWorkerConfig, zoneWorkerApp } from './zone-worker.app';

startService(zoneWorkerApp(loadConfigOrExit('zone-worker', ZoneWorkerConfig, process.env)));
