import { Transport } from '@nestjs/microservices';
import { ServiceConfig, loadConfig } from '@zonewarden/config';
import { consumerQueueOptions, messagingTopology } from '@zonewarden/contracts';
import { startService } from '@zonewarden/messaging';
import { ZoneWorkerModule } from './zone-worker.module';

const config = loadConfig(ServiceConfig, process.env);
const topology = messagingTopology(config.AMQP_NAMESPACE);
startService('zone-worker', config, ZoneWorkerModule.forRoot(config), {
  transport: Transport.RMQ,
  options: {
    urls: [config.AMQP_URL],
    queue: topology.zoneWorkerQueue.name,
    queueOptions: consumerQueueOptions(topology, topology.zoneWorkerQueue),
    noAck: false,
    prefetchCount: 8,
    socketOptions: { connectionOptions: { noDelay: true } },
  },
});
