import { ServiceApp, consumerOptions } from '@zonewarden/messaging';
import { PoolManagerConfig } from './pool-manager.config';
import { PoolManagerModule } from './pool-manager.module';

export { PoolManagerConfig };

export function poolManagerApp(config: PoolManagerConfig): ServiceApp {
  return {
    name: 'pool-manager',
    config,
    module: PoolManagerModule.forRoot(config),
    consumer: consumerOptions(
      config,
      (topology) => topology.poolManagerQueue,
      config.POOL_MANAGER_CONCURRENCY,
    ),
  };
}
