import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ManagedProcess, freePort } from './processes';

export interface PrivatePostgres {
  port: number;
  /** A URL for `database` on this server (the apps create it when missing). */
  url(database: string): string;
  /** Stops the server and starts it again on the same data and port, with other settings. */
  restart(settings: Record<string, string | number>): Promise<void>;
  stop(): Promise<void>;
}

/** Debian's PostgreSQL binaries, the newest version installed. */
function binaries(): string {
  const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return path.join('/usr/lib/postgresql', versions[0], 'bin');
}

/**
 * A PostgreSQL server of its own for one test (Debian's binaries, a temp directory, a free loopback port,
 * trust auth), with server settings the machine's server cannot take per test, e.g. max_connections.
 * As root it runs as the `postgres` user, which PostgreSQL requires.
 */
export async function startPrivatePostgres(
  settings: Record<string, string | number> = {},
): Promise<PrivatePostgres> {
  const bin = binaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-postgres-'));
  const asRoot = process.getuid?.() === 0;
  const user = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'])),
        gid: Number(execFileSync('id', ['-g', 'postgres'])),
      }
    : {};
  if (asRoot) fs.chownSync(dir, user.uid!, user.gid!);
  const dataDir = path.join(dir, 'data');
  try {
    execFileSync(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync'], {
      ...user,
      stdio: 'ignore',
      env: { ...process.env, LC_ALL: 'C' },
    });
    const port = await freePort();
    const env = { ...process.env, LC_ALL: 'C' };
    const start = async (serverSettings: Record<string, string | number>) => {
      const options = Object.entries({
        listen_addresses: '127.0.0.1',
        unix_socket_directories: dir,
        fsync: 'off',
        ...serverSettings,
      });
      const args = [
        '-D',
        dataDir,
        '-p',
        String(port),
        ...options.flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ];
      const server = new ManagedProcess(
        'postgres',
        spawn(path.join(bin, 'postgres'), args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env }),
      );
      await server.waitForOutput(/ready to accept connections/, 30_000).catch(async (error: Error) => {
        await server.stop('SIGKILL');
        throw error;
      });
      return server;
    };
    let server = await start(settings);
    return {
      port,
      url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
      async restart(newSettings) {
        await server.stop('SIGINT');
        server = await start(newSettings);
      },
      async stop() {
        await server.stop('SIGINT');
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
