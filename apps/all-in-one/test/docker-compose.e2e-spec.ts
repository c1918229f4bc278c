import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { load } from 'js-yaml';
import { loadPoolsFile } from '@zonewarden/config';
import { REPO_ROOT } from '@zonewarden/testing';

const APPS = ['api-gateway', 'zone-worker', 'pool-manager', 'mini-dns'];
/** What the operator exports before `docker compose up` (docker-compose.yml refuses to start without it). */
const DNSSEC_KEYS = 'k1=compose-test-secret-0123456789';

/**
 * `docker compose config` (or the standalone docker-compose) validates the file without a Docker engine,
 * with `env` as the operator's environment.
 */
function composeConfig(env: Record<string, string> = { DNSSEC_KEY_ENCRYPTION_KEYS: DNSSEC_KEYS }): string {
  const file = path.join(REPO_ROOT, 'docker-compose.yml');
  const attempts: Array<[string, string[]]> = [
    ['docker', ['compose', '-f', file, 'config']],
    ['docker-compose', ['-f', file, 'config']],
  ];
  const failures: string[] = [];
  for (const [command, args] of attempts) {
    try {
      const { DNSSEC_KEY_ENCRYPTION_KEYS: _unset, ...inherited } = process.env;
      return execFileSync(command, args, {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...inherited, ...env },
      });
    } catch (error) {
      failures.push(
        `${command} ${args[0]}: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`,
      );
    }
  }
  throw new Error(`no compose tool accepted docker-compose.yml:\n${failures.join('\n')}`);
}

interface ComposeFile {
  services: Record<
    string,
    {
      command?: string[];
      ports?: Array<string | { published: number | string; target: number; protocol?: string }>;
      environment?: Record<string, string>;
      volumes?: Array<string | { source: string; target: string }>;
      deploy?: { replicas?: number };
    }
  >;
}

describe('docker-compose.yml', () => {
  const compose = load(composeConfig()) as ComposeFile;
  const published = (service: string) =>
    (compose.services[service].ports ?? []).map((port) =>
      typeof port === 'string' ? port : `${port.published}:${port.target}/${port.protocol ?? 'tcp'}`,
    );

  it('is accepted by compose and runs PostgreSQL, RabbitMQ and every app', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['api-gateway', 'mini-dns', 'pool-manager', 'postgres', 'rabbitmq', 'zone-worker'].sort(),
    );
    for (const app of APPS)
      expect(compose.services[app].command).toEqual(['node', `apps/${app}/dist/main.js`]);
  });

  it('gives every app the pools file, whose nameserver names are real-looking ones', () => {
    for (const app of APPS) {
      const { environment = {}, volumes = [] } = compose.services[app];
      const mounts = volumes.map((volume) =>
        typeof volume === 'string' ? volume : `${volume.source}:${volume.target}`,
      );
      expect(mounts).toContainEqual(
        expect.stringContaining(`${path.join(REPO_ROOT, 'deploy/pools.yaml')}:${environment.POOLS_FILE}`),
      );
    }
    const [pool] = loadPoolsFile(path.join(REPO_ROOT, 'deploy/pools.yaml'));
    const names = pool.ns_records.map((record) => record.hostname);
    expect(names).toEqual(['ns1.dns.example.net.', 'ns2.dns.example.net.']);
    expect(pool.nameservers).toEqual([{ host: 'mini-dns', port: 5354 }]);
  });

  it('sets the DNSSEC key of every app from the environment, and refuses to run without it', () => {
    for (const app of APPS)
      expect(compose.services[app].environment?.DNSSEC_KEY_ENCRYPTION_KEYS).toBe(DNSSEC_KEYS);
    expect(() => composeConfig({})).toThrow(/DNSSEC_KEY_ENCRYPTION_KEYS/);
  });

  it("runs two of each worker, within PostgreSQL's default 100 connections", () => {
    const replicas = (app: string) => compose.services[app].deploy?.replicas ?? 1;
    expect(replicas('zone-worker')).toBe(2);
    expect(replicas('pool-manager')).toBe(2);
    // docs/deployment.md: every process's DATABASE_POOL_SIZE, summed, within max_connections less the 3
    // reserved for superusers (and a few for the operator's psql, migrations and backups).
    const connections = APPS.reduce(
      (sum, app) => sum + replicas(app) * Number(compose.services[app].environment?.DATABASE_POOL_SIZE ?? 10),
      0,
    );
    expect(connections).toBeLessThanOrEqual(90);
  });

  it('publishes the gateway on 9001 and mini-dns on 5354 (UDP and TCP)', () => {
    expect(published('api-gateway').join(' ')).toMatch(/9001:9001/);
    expect(published('mini-dns').join(' ')).toMatch(/5354:5354\/udp/);
    expect(published('mini-dns').join(' ')).toMatch(/5354:5354\/tcp/);
  });
});
