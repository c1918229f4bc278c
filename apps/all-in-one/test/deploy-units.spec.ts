import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '@zonewarden/testing';

const UNITS = path.join(REPO_ROOT, 'deploy/systemd');
const APPS = ['api-gateway', 'zone-worker', 'pool-manager', 'mini-dns'];

/** The unit file of `app` (a template for the workers). */
const unitOf = (app: string) =>
  fs
    .readdirSync(UNITS)
    .find((file) => file === `zonewarden-${app}.service` || file === `zonewarden-${app}@.service`)!;

/** `Key=value` lines of a unit or environment file; Environment= lines split into their assignments. */
function settings(file: string): Array<[string, string]> {
  return fs
    .readFileSync(path.join(UNITS, file), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Za-z_]+=/.test(line))
    .flatMap((line): Array<[string, string]> => {
      const [key, value] = [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)];
      if (key !== 'Environment') return [[key, value]];
      return value
        .split(' ')
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]);
    });
}

/** The variables the README's settings table documents. */
const documented = new Set(
  [
    ...fs
      .readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')
      .matchAll(/^\| `([A-Z_]+)`(?: \/ `([A-Z_]+)`)*/gm),
  ].flatMap((match) => match[0].match(/[A-Z][A-Z_]+/g) ?? []),
);

describe('deploy/systemd', () => {
  it('has a unit per app, each starting its build from the release directory', () => {
    for (const app of APPS) {
      const unit = settings(unitOf(app));
      expect(unit).toContainEqual(['ExecStart', `/usr/bin/node apps/${app}/dist/main.js`]);
      expect(unit).toContainEqual(['EnvironmentFile', '/etc/zonewarden/zonewarden.env']);
      expect(fs.existsSync(path.join(REPO_ROOT, 'apps', app, 'src/main.ts'))).toBe(true);
    }
    expect(settings('zonewarden-migrate.service')).toContainEqual([
      'ExecStart',
      '/usr/bin/node libs/persistence/dist/cli/migrate.js',
    ]);
    expect(fs.existsSync(path.join(REPO_ROOT, 'libs/persistence/src/cli/migrate.ts'))).toBe(true);
  });

  it('gives mini-dns, and only it, the capability to bind port 53', () => {
    for (const app of APPS) {
      const unit = settings(unitOf(app));
      const bindsLowPorts = app === 'mini-dns' ? 'CAP_NET_BIND_SERVICE' : '';
      expect(unit).toContainEqual(['CapabilityBoundingSet', bindsLowPorts]);
      if (bindsLowPorts) expect(unit).toContainEqual(['AmbientCapabilities', bindsLowPorts]);
    }
    expect(settings('zonewarden.env')).toContainEqual(['MINIDNS_PORT', '53']);
  });

  it('sets only variables the README documents (and glibc its own)', () => {
    const variables = [...settings('zonewarden.env'), ...APPS.flatMap((app) => settings(unitOf(app)))]
      .map(([key]) => key)
      .filter((key) => /^[A-Z][A-Z0-9_]+$/.test(key));
    const unknown = variables.filter((name) => !documented.has(name) && name !== 'MALLOC_ARENA_MAX');
    expect(unknown).toEqual([]);
    expect(variables.length).toBeGreaterThan(10);
  });

  it('is accepted by systemd-analyze verify', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-units-'));
    try {
      // Templates are verified as an instance.
      for (const file of fs.readdirSync(UNITS).filter((name) => name.endsWith('.service')))
        fs.copyFileSync(path.join(UNITS, file), path.join(dir, file.replace('@.service', '@1.service')));
      for (const file of fs.readdirSync(dir)) {
        const verified = spawnSync('systemd-analyze', ['verify', path.join(dir, file)], { encoding: 'utf8' });
        // It also reports on other units of the machine: only what it says of ours counts.
        const ours = `${verified.stdout}${verified.stderr}`
          .split('\n')
          .filter((line) => line.includes('zonewarden'));
        expect({ file, status: verified.status, ours }).toEqual({ file, status: 0, ours: [] });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
