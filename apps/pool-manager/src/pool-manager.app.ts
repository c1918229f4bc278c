import { ServiceApp } from '@zonewarden/runtime';
import { Transport } from '@zonewarden/transport';
import { PoolManagerConfig } from './pool-manager.config';
import { PoolManagerModule } from './pool-manager.module';

export { PoolManagerConfig };

export function poolManagerApp(config: PoolManagerConfig, transport: Transport): ServiceApp {
  return {
    name: 'pool-manager',
    config,
    module: PoolManagerModule.forRoot(config, transport),
    consumer: transport.consumer((topology) => topology.poolManagerQueue, config.POOL_MANAGER_CONCURRENCY),
  };
}
