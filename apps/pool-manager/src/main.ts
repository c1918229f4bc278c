// First, before the other modules load: the young generation is held small during start-up.
import '@zonewarden/runtime/dist/start-up-heap';
import { loadConfigOrExit } from '@zonewarden/config';
import { startService } from '@zonewarden/runtime';
import { createTransport } from '@zonewarden/transport';
import { PoolManagerConfig, poolManagerApp } from './pool-manager.app';

const config = loadConfigOrExit('pool-manager', PoolManagerConfig, process.env);
startService(poolManagerApp(config, createTransport(config)));
