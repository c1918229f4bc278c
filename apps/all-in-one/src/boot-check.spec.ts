import { loadConfig } from '@zonewarden/config';
import { IN_PROCESS_TRANSPORT_URL } from '@zonewarden/contracts';
import { checkHandlers } from '@zonewarden/runtime';
import { createTransport } from '@zonewarden/transport';
// The apps' sources (this app runs their builds).
import { MiniDnsConfig, miniDnsApp } from '../../mini-dns/src/mini-dns.app';
import { PoolManagerConfig, poolManagerApp } from '../../pool-manager/src/pool-manager.app';
import { ZoneWorkerConfig, zoneWorkerApp } from '../../zone-worker/src/zone-worker.app';

const transport = createTransport({ AMQP_URL: IN_PROCESS_TRANSPORT_URL, AMQP_NAMESPACE: 'boot-check' });

describe('the boot check of the real apps', () => {
  it.each([
    ['pool-manager', () => poolManagerApp(loadConfig(PoolManagerConfig, {}), transport)],
    ['zone-worker', () => zoneWorkerApp(loadConfig(ZoneWorkerConfig, {}), transport)],
    ['mini-dns', () => miniDnsApp(loadConfig(MiniDnsConfig, {}), transport)],
  ])('passes for %s: every bound routing key has a handler, every handler a binding', (_app, app) => {
    expect(() => checkHandlers(app())).not.toThrow();
  });
});
