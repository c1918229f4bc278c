import { INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import * as http from 'node:http';
import { JsonLogger, ServiceConfig, poolsOf } from '@zonewarden/config';
import { OutboxRelayService } from '@zonewarden/outbox';
import { PrismaService, prepareDatabase } from '@zonewarden/persistence';
import { startOpsServer } from './ops-server';
import { collectProcessMetrics } from './service-metrics';
import { checkHandlers } from './route-check';
import { ServiceApp } from './service-app';
import { requestShutdown } from './shutdown';
import { startUpDone } from './young-generation';

const READY_DATABASE_TIMEOUT_MS = 1000;

/**
 * Runs a background app's Nest context, once its message routes check out (checkHandlers): a microservice
 * when it consumes a queue (listening once this resolves), a plain context otherwise. Closing it
 * (app.close(), see stopOnSignals) lets in-flight messages finish first.
 */
export async function runService(service: ServiceApp, logger: JsonLogger): Promise<INestApplicationContext> {
  checkHandlers(service);
  const { module, consumer } = service;
  if (!consumer) return NestFactory.createApplicationContext(module, { logger });
  const microservice = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    ...consumer.options,
    logger,
  });
  await microservice.listen();
  return microservice;
}

/**
 * On SIGTERM or SIGINT, runs `stop` once, then exits (0, or 1 when stopping failed). Apps stop through
 * this rather than Nest's shutdown hooks: those run the lifecycle hooks (storage, relay) first and close
 * a microservice's transport last, which would cut in-flight messages off from the database; a
 * microservice's own close() stops its consumer and lets in-flight messages finish first.
 */
export function stopOnSignals(stop: () => Promise<void>, log: (message: string) => void): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing in-flight work, then stopping`);
    requestShutdown();
    stop().then(
      () => process.exit(0),
      (error: Error) => {
        log(`stopping failed: ${error.message}`);
        process.exit(1);
      },
    );
  };
  // SIGHUP (the terminal went away) too: its default would end the process without flushing the logs.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, onSignal);
}

/**
 * With OPS_PORT set: process metrics and the operations endpoint, ready while `app`'s PostgreSQL answers
 * and its broker link is up (by default its outbox relay's). Without it, nothing: process metrics'
 * collectors watch GC and the event loop, which only pays when something scrapes them.
 */
export async function startOperations(
  name: string,
  config: ServiceConfig,
  app: INestApplicationContext,
  brokerConnected: (app: INestApplicationContext) => boolean = (context) =>
    context.get(OutboxRelayService).isBrokerConnected(),
): Promise<http.Server | undefined> {
  if (!config.OPS_PORT) return undefined;
  collectProcessMetrics(name);
  const prisma = app.get(PrismaService);
  return startOpsServer(name, config.OPS_HOST, config.OPS_PORT, async () => {
    await prisma.ping(READY_DATABASE_TIMEOUT_MS);
    if (!brokerConnected(app)) throw new Error('not connected to RabbitMQ');
  });
}

/**
 * Starts a background app as its own process: migrations and pools first, then its Nest context and,
 * with OPS_PORT set, its operations endpoint; stopped cleanly on SIGTERM.
 */
export function startService(service: ServiceApp): void {
  const { name, config, consumer, brokerConnected } = service;
  const jsonLogger = new JsonLogger(name);
  Logger.overrideLogger(jsonLogger);
  const logger = new Logger(name);
  (async () => {
    await prepareDatabase(config.DATABASE_URL, poolsOf(config));
    const app = await runService(service, jsonLogger);
    stopOnSignals(
      () => app.close(),
      (message) => logger.log(message),
    );
    // unref: the app's own connections decide when the process ends, not the scrape endpoint.
    (await startOperations(name, config, app, brokerConnected))?.unref();
    startUpDone();
    logger.log(consumer ? `started, consuming ${consumer.queue}` : 'started');
  })().catch((error: unknown) => {
    console.error(`${name} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
