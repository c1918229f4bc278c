import { loadConfigOrExit } from '@zonewarden/config';
import { consumerOptions, startService } from '@zonewarden/messaging';
import { PoolManagerConfig } from './pool-manager.config';
import { PoolManagerModule } from './pool-manager.module';

const config = loadConfigOrExit('pool-manager', PoolManagerConfig, process.env);
startService(
  'pool-manager',
  config,
  PoolManagerModule.forRoot(config),
  consumerOptions(config, (topology) => topology.poolManagerQueue, config.POOL_MANAGER_CONCURRENCY),
);
