import { Logger } from '@nestjs/common';
import { poolsOf } from '@zonewarden/config';
import { stopOnSignals } from '@zonewarden/runtime';
import { prepareDatabase } from '@zonewarden/persistence';
import { createTransport } from '@zonewarden/transport';
import { createGateway } from './app.factory';
import { loadGatewayConfig } from './config/gateway.config';

async function main(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  await prepareDatabase(config.DATABASE_URL, poolsOf(config));
  const app = await createGateway(config, createTransport(config));
  await app.listen(config.API_PORT, config.API_HOST);
  // On SIGTERM/SIGINT: requests in progress finish (stalled ones are cut after a grace), storage closes last.
  stopOnSignals(
    () => app.close(),
    (message) => new Logger('api-gateway').log(message),
  );
  new Logger('api-gateway').log(
    `listening on http://${config.API_HOST}:${config.API_PORT} (auth: ${config.AUTH_STRATEGY})`,
  );
}

main().catch((error: unknown) => {
  console.error(`api-gateway failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
