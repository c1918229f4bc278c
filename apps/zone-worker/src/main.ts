import { loadConfigOrExit } from '@zonewarden/config';
import { startService } from '@zonewarden/runtime';
import { createTransport } from '@zonewarden/transport';
import { ZoneWorkerConfig, zoneWorkerApp } from './zone-worker.app';

const config = loadConfigOrExit('zone-worker', ZoneWorkerConfig, process.env);
startService(zoneWorkerApp(config, createTransport(config)));
