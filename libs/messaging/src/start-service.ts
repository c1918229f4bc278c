import { DynamicModule, INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { MessagingTopology, QueueSpec, consumerQueueOptions, messagingTopology } from '@zonewarden/contracts';
import { JsonLogger, ServiceConfig, poolsOf } from '@zonewarden/config';
import { PrismaService, prepareDatabase } from '@zonewarden/persistence';
import { OutboxRelayService } from './outbox-relay.service';
import { startOpsServer } from './ops-server';
import { collectProcessMetrics } from './service-metrics';

const READY_DATABASE_TIMEOUT_MS = 1000;

/**
 * Starts a background app: migrations and pools first, then its Nest context (a microservice when it
 * consumes a queue) and, with OPS_PORT set, its operations endpoint; stopped cleanly on SIGTERM.
 */
export function startService(
  name: string,
  config: ServiceConfig,
  module: DynamicModule,
  consumer?: MicroserviceOptions,
): void {
  const jsonLogger = new JsonLogger(name);
  Logger.overrideLogger(jsonLogger);
  const logger = new Logger(name);
  (async () => {
    await prepareDatabase(config.DATABASE_URL, poolsOf(config));
    let app: INestApplicationContext;
    if (consumer) {
      const microservice = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
        ...consumer,
        logger: jsonLogger,
      });
      microservice.enableShutdownHooks();
      await microservice.listen();
      app = microservice;
    } else {
      app = await NestFactory.createApplicationContext(module, { logger: jsonLogger });
      app.enableShutdownHooks();
    }
    if (config.OPS_PORT) {
      // Process metrics only when something can scrape them: their collectors watch GC and the event loop.
      collectProcessMetrics(name);
      const [prisma, relay] = [app.get(PrismaService), app.get(OutboxRelayService)];
      // unref: the app's own connections decide when the process ends, not the scrape endpoint.
      const ops = await startOpsServer(name, config.OPS_HOST, config.OPS_PORT, async () => {
        await prisma.ping(READY_DATABASE_TIMEOUT_MS);
        if (!relay.isBrokerConnected()) throw new Error('not connected to RabbitMQ');
      });
      ops.unref();
    }
    logger.log(
      consumer ? `started, consuming ${String((consumer.options as { queue?: string }).queue)}` : 'started',
    );
  })().catch((error: unknown) => {
    console.error(`${name} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

/** Nest's RMQ transport on one of our queues: manual acks, the queue's exact declaration, no Nagle delay. */
export function consumerOptions(
  config: ServiceConfig,
  queue: (topology: MessagingTopology) => QueueSpec,
  prefetchCount: number,
): MicroserviceOptions {
  const topology = messagingTopology(config.AMQP_NAMESPACE);
  const spec = queue(topology);
  return {
    transport: Transport.RMQ,
    options: {
      urls: [config.AMQP_URL],
      queue: spec.name,
      queueOptions: consumerQueueOptions(topology, spec),
      noAck: false,
      prefetchCount,
      socketOptions: { connectionOptions: { noDelay: true } },
    },
  };
}
