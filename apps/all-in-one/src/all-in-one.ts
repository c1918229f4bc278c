import * as path from 'node:path';
import { INestApplicationContext, Logger } from '@nestjs/common';
import { loadGatewayConfig } from '@zonewarden/api-gateway/dist/config/gateway.config';
import { createGateway } from '@zonewarden/api-gateway/dist/app.factory';
import { JsonLogger, ServiceConfig, loadConfig, poolsOf } from '@zonewarden/config';
import { IN_PROCESS_TRANSPORT_URL } from '@zonewarden/contracts';
import { ServiceApp, runService, startOperations } from '@zonewarden/runtime';
import { createTransport } from '@zonewarden/transport';
import { MiniDnsConfig, miniDnsApp } from '@zonewarden/mini-dns/dist/mini-dns.app';
import { prepareDatabase } from '@zonewarden/persistence';
import { PoolManagerConfig, poolManagerApp } from '@zonewarden/pool-manager/dist/pool-manager.app';
import { ZoneWorkerConfig, zoneWorkerApp } from '@zonewarden/zone-worker/dist/zone-worker.app';
import { devAdminToken } from './dev-admin-token';
import { devKeyEncryptionKeys } from './dev-key-encryption-key';
import { EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { quickStartBanner } from './quick-start-banner';
import { announceRunningInstance } from './running-instance';

type Env = Record<string, string | undefined>;

/**
 * Runs api-gateway, zone-worker, pool-manager and mini-dns in this process, exchanging messages through
 * the in-process broker, on DATABASE_URL or else on an embedded PostgreSQL kept in ZONEWARDEN_DATA_DIR.
 * Resolves once everything answers; returns the function that stops it all, in-flight work first.
 */
export async function runAllInOne(env: Env, print: (text: string) => void): Promise<() => Promise<void>> {
  const dataDir = path.resolve(env.ZONEWARDEN_DATA_DIR || '.zonewarden');
  let database: EmbeddedDatabase | undefined;
  if (!env.DATABASE_URL) database = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), print);
  const appEnv = {
    ...env,
    DATABASE_URL: database?.url ?? env.DATABASE_URL,
    DNSSEC_KEY_ENCRYPTION_KEYS: env.DNSSEC_KEY_ENCRYPTION_KEYS || devKeyEncryptionKeys(dataDir),
  };
  // Stopped in reverse order of start: the gateway first, the database last; the apps within a deadline.
  const apps: INestApplicationContext[] = [];
  const closers: Array<() => Promise<void>> = [async () => database?.stop()];
  const stop = async () => {
    for (const close of [...closers].reverse()) await close();
  };
  const started = (context: INestApplicationContext) => {
    if (apps.push(context) === 1) closers.push(() => closeWithin(apps, APPS_STOP_DEADLINE_MS, print));
  };
  try {
    const gatewayConfig = loadGatewayConfig(appEnv);
    const miniDns = loadConfig(MiniDnsConfig, appEnv);
    const zoneWorker = loadConfig(ZoneWorkerConfig, appEnv);
    const poolManager = loadConfig(PoolManagerConfig, appEnv);
    shareConnections(gatewayConfig.DATABASE_POOL_SIZE, {
      miniDns,
      zoneWorker,
      poolManager,
      gateway: gatewayConfig,
    });
    // One in-process broker for every app of the process.
    const transport = createTransport({ ...gatewayConfig, AMQP_URL: IN_PROCESS_TRANSPORT_URL });
    const services: ServiceApp[] = [
      miniDnsApp(miniDns, transport),
      zoneWorkerApp(zoneWorker, transport),
      poolManagerApp(poolManager, transport),
    ];
    // Before the migrations: their lines too follow LOG_LEVEL (`warn` here), not Nest's default logger.
    const logger = new JsonLogger('zonewarden');
    Logger.overrideLogger(logger);
    await prepareDatabase(gatewayConfig.DATABASE_URL, poolsOf(gatewayConfig));
    // Before the API listens: a client that waits for the port may use the banner's token at once.
    const token =
      gatewayConfig.AUTH_STRATEGY === 'token'
        ? await devAdminToken(dataDir, gatewayConfig.DATABASE_URL)
        : undefined;
    for (const service of services) started(await runService(service, logger));
    const gateway = await createGateway(gatewayConfig, transport, logger);
    started(gateway);
    await gateway.listen(gatewayConfig.API_PORT, gatewayConfig.API_HOST);
    const ops = await startOperations('zonewarden', gatewayConfig, gateway);
    if (ops) closers.push(() => new Promise<void>((resolve) => ops.close(() => resolve())));
    const apiUrl = `http://${urlHost(gatewayConfig.API_HOST)}:${(gateway.getHttpServer().address() as { port: number }).port}`;
    closers.push(
      announceRunningInstance(dataDir, { pid: process.pid, databaseUrl: gatewayConfig.DATABASE_URL, apiUrl }),
    );
    print(
      quickStartBanner({
        apiUrl,
        authStrategy: gatewayConfig.AUTH_STRATEGY,
        token,
        dnsHost: gatewayConfig.MINIDNS_HOST,
        dnsPort: gatewayConfig.MINIDNS_PORT,
        databaseUrl: gatewayConfig.DATABASE_URL,
        dataDir: database?.dataDir,
      }),
    );
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return stop;
}

/**
 * How long the apps may take to stop. Past it, what still runs is cut and the process stops (the
 * database last): the work is crash-safe — transactions roll back, unacknowledged messages come back,
 * the outbox and the reconciler take up the rest at the next start. Seen: pool-manager took 13 s to
 * stop while 100 stalled downloads had held the process's connections (not explained yet).
 */
const APPS_STOP_DEADLINE_MS = 8_000;

async function closeWithin(
  apps: INestApplicationContext[],
  deadlineMs: number,
  print: (text: string) => void,
): Promise<void> {
  const closing = (async () => {
    for (const app of [...apps].reverse()) await app.close();
  })();
  // Settled after the deadline, it must not be an unhandled rejection.
  closing.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
  const outcome = await Promise.race([closing, late]).finally(() => clearTimeout(timer));
  if (outcome === 'late') print(`the apps had not stopped after ${deadlineMs / 1000} s: stopping anyway`);
}

/**
 * The apps of the one process share its DATABASE_POOL_SIZE: mini-dns one connection, zone-worker 20%,
 * pool-manager 30% (its zone locks need some), the gateway the rest; at least 8 in all.
 */
export function shareConnections(
  total: number,
  apps: Record<'miniDns' | 'zoneWorker' | 'poolManager' | 'gateway', ServiceConfig>,
): void {
  apps.miniDns.DATABASE_POOL_SIZE = 1;
  apps.zoneWorker.DATABASE_POOL_SIZE = Math.max(2, Math.round(total * 0.2));
  apps.poolManager.DATABASE_POOL_SIZE = Math.max(3, Math.round(total * 0.3));
  const rest = total - 1 - apps.zoneWorker.DATABASE_POOL_SIZE - apps.poolManager.DATABASE_POOL_SIZE;
  if (rest < 2)
    throw new Error(`DATABASE_POOL_SIZE=${total}: the one-process mode needs at least 8 connections`);
  apps.gateway.DATABASE_POOL_SIZE = rest;
}

/** A host as it goes in a URL: IPv6 in brackets; the wildcard addresses as loopback, which answers. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
