import { loadConfigOrExit } from '@zonewarden/config';
import { startService } from '@zonewarden/messaging';
import { PoolManagerConfig, poolManagerApp } from './pool-manager.app';

startService(poolManagerApp(loadConfigOrExit('pool-manager', PoolManagerConfig, process.env)));
