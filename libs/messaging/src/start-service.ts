import { DynamicModule, INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { ServiceConfig, poolsOf } from '@zonewarden/config';
import { prepareDatabase } from '@zonewarden/persistence';

/**
 * Starts a background app: migrations and pools first, then its Nest context (a microservice when it
 * consumes a queue), stopped cleanly on SIGTERM.
 */
export function startService(
  name: string,
  config: ServiceConfig,
  module: DynamicModule,
  consumer?: MicroserviceOptions,
): void {
  const logger = new Logger(name);
  (async () => {
    await prepareDatabase(config.DATABASE_URL, poolsOf(config));
    const logLevels: ('log' | 'warn' | 'error')[] = ['log', 'warn', 'error'];
    let app: INestApplicationContext;
    if (consumer) {
      const microservice = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
        ...consumer,
        logger: logLevels,
      });
      microservice.enableShutdownHooks();
      await microservice.listen();
      app = microservice;
    } else {
      app = await NestFactory.createApplicationContext(module, { logger: logLevels });
      app.enableShutdownHooks();
    }
    logger.log(`started (${app.constructor.name})`);
  })().catch((error: unknown) => {
    console.error(`${name} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
