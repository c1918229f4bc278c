// First, before the other modules load: the young generation is held small during start-up.
import '@zonewarden/runtime/dist/start-up-heap';
import * as path from 'node:path';
import { loadGatewayConfig } from '@zonewarden/api-gateway/dist/config/gateway.config';
import { loadConfig } from '@zonewarden/config';
import { startUpDone, stopOnSignals } from '@zonewarden/runtime';
import { MiniDnsConfig } from '@zonewarden/mini-dns/dist/mini-dns.app';
import { runAllInOne } from './all-in-one';
import { WantedPort, checkPortsFree } from './ports-free';
import { runSeparateProcesses } from './separate-processes';

/** Every port `npm start` binds (itself or through its apps), as the apps will read them. */
function servicePorts(env: NodeJS.ProcessEnv): WantedPort[] {
  const gateway = loadGatewayConfig(env);
  const miniDns = loadConfig(MiniDnsConfig, env);
  const ports: WantedPort[] = [
    { variable: 'API_PORT', host: gateway.API_HOST, port: gateway.API_PORT },
    {
      variable: 'MINIDNS_PORT',
      host: miniDns.MINIDNS_LISTEN_HOST ?? miniDns.MINIDNS_HOST,
      port: miniDns.MINIDNS_PORT,
      udp: true,
    },
  ];
  if (gateway.OPS_PORT) ports.push({ variable: 'OPS_PORT', host: gateway.OPS_HOST, port: gateway.OPS_PORT });
  return ports;
}

/**
 * `npm start`. With AMQP_URL set, every app runs as its own process on RabbitMQ (and DATABASE_URL, or the
 * local PostgreSQL). Without it, all apps run in this process on the in-process transport, on DATABASE_URL
 * or an embedded PostgreSQL: nothing to install first.
 */
async function main(): Promise<void> {
  await checkPortsFree(servicePorts(process.env));
  if (process.env.AMQP_URL) return runSeparateProcesses(path.resolve(__dirname, '..', '..'));
  // Quiet by default, so the quick-start text stands out; LOG_LEVEL=info shows every request.
  process.env.LOG_LEVEL ??= 'warn';
  const stop = await runAllInOne(process.env, (text) => console.log(text));
  startUpDone();
  stopOnSignals(stop, (message) => console.log(message));
}

main().catch((error: unknown) => {
  console.error(`zonewarden failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
