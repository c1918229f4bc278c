// First, before the other modules load: the young generation is held small during start-up.
import '@zonewarden/runtime/dist/start-up-heap';
import { loadConfigOrExit } from '@zonewarden/config';
import { startService } from '@zonewarden/runtime';
import { createTransport } from '@zonewarden/transport';
import { ZoneWorkerConfig, zoneWorkerApp } from './zone-worker.app';

const config = loadConfigOrExit('zone-worker', ZoneWorkerConfig, process.env);
startService(zoneWorkerApp(config, createTransport(config)));
