import { DynamicModule, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ServiceConfig, poolsOf } from '@zonewarden/config';
import { prepareDatabase } from '@zonewarden/persistence';

/** Starts a background app: migrations and pools first, then its Nest context, stopped cleanly on SIGTERM. */
export function startService(name: string, config: ServiceConfig, module: DynamicModule): void {
  const logger = new Logger(name);
  (async () => {
    await prepareDatabase(config.DATABASE_URL, poolsOf(config));
    const app = await NestFactory.createApplicationContext(module, { logger: ['log', 'warn', 'error'] });
    app.enableShutdownHooks();
    logger.log('started');
  })().catch((error: unknown) => {
    console.error(`${name} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
