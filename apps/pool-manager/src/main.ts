import { Transport } from '@nestjs/microservices';
import { loadConfig } from '@zonewarden/config';
import { consumerQueueOptions, messagingTopology } from '@zonewarden/contracts';
import { startService } from '@zonewarden/messaging';
import { PoolManagerConfig } from './pool-manager.config';
import { PoolManagerModule } from './pool-manager.module';

const config = loadConfig(PoolManagerConfig, process.env);
const topology = messagingTopology(config.AMQP_NAMESPACE);
startService('pool-manager', config, PoolManagerModule.forRoot(config), {
  transport: Transport.RMQ,
  options: {
    urls: [config.AMQP_URL],
    queue: topology.poolManagerQueue.name,
    queueOptions: consumerQueueOptions(topology, topology.poolManagerQueue),
    noAck: false,
    prefetchCount: config.POOL_MANAGER_CONCURRENCY,
    socketOptions: { connectionOptions: { noDelay: true } },
  },
});
