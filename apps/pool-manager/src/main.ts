import { loadConfig } from '@zonewarden/config';
import { consumerOptions, startService } from '@zonewarden/messaging';
import { PoolManagerConfig } from './pool-manager.config';
import { PoolManagerModule } from './pool-manager.module';

const config = loadConfig(PoolManagerConfig, process.env);
startService(
  'pool-manager',
  config,
  PoolManagerModule.forRoot(config),
  consumerOptions(config, (topology) => topology.poolManagerQueue, config.POOL_MANAGER_CONCURRENCY),
);
