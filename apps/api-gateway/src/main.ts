// First, before the other modules load: the young generation is held small during start-up.
import '@zonewarden/runtime/dist/start-up-heap';
import cluster from 'node:cluster';
import { Logger } from '@nestjs/common';
import { JsonLogger, poolsOf } from '@zonewarden/config';
import { startUpDone, stopOnSignals } from '@zonewarden/runtime';
import { prepareDatabase } from '@zonewarden/persistence';
import { runPrimary } from './cluster';
import { GatewayConfig, loadGatewayConfig } from './config/gateway.config';

async function serve(config: GatewayConfig, logger: JsonLogger): Promise<void> {
  // Loaded here: a cluster's primary serves nothing, and leaves the API's modules out of its memory.
  const { createGateway } = await import('./app.factory');
  const { createTransport } = await import('@zonewarden/transport');
  const app = await createGateway(config, createTransport(config), logger);
  await app.listen(config.API_PORT, config.API_HOST);
  // On SIGTERM/SIGINT: requests in progress finish (stalled ones are cut after a grace), storage closes last.
  stopOnSignals(
    () => app.close(),
    (message) => new Logger('api-gateway').log(message),
  );
  startUpDone();
  new Logger('api-gateway').log(
    `listening on http://${config.API_HOST}:${config.API_PORT} (auth: ${config.AUTH_STRATEGY})`,
  );
}

async function main(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  const logger = new JsonLogger('api-gateway');
  Logger.overrideLogger(logger);
  // Workers find the database prepared by their primary.
  if (cluster.isPrimary) await prepareDatabase(config.DATABASE_URL, poolsOf(config));
  if (cluster.isPrimary && config.API_WORKERS > 1)
    runPrimary(config.API_WORKERS, (message) => new Logger('api-gateway').log(message));
  else await serve(config, logger);
}

main().catch((error: unknown) => {
  console.error(`api-gateway failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
