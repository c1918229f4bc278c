import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { load } from 'js-yaml';
import { REPO_ROOT } from '@zonewarden/testing';

/** `docker compose config` (or the standalone docker-compose) validates the file without a Docker engine. */
function composeConfig(): string {
  const file = path.join(REPO_ROOT, 'docker-compose.yml');
  const attempts: Array<[string, string[]]> = [
    ['docker', ['compose', '-f', file, 'config']],
    ['docker-compose', ['-f', file, 'config']],
  ];
  const failures: string[] = [];
  for (const [command, args] of attempts) {
    try {
      return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
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
    for (const app of ['api-gateway', 'zone-worker', 'pool-manager', 'mini-dns'])
      expect(compose.services[app].command).toEqual(['node', `apps/${app}/dist/main.js`]);
  });

  it('publishes the gateway on 9001 and mini-dns on 5354 (UDP and TCP)', () => {
    expect(published('api-gateway').join(' ')).toMatch(/9001:9001/);
    expect(published('mini-dns').join(' ')).toMatch(/5354:5354\/udp/);
    expect(published('mini-dns').join(' ')).toMatch(/5354:5354\/tcp/);
  });
});
