import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ManagedProcess, REPO_ROOT, freePort, startProcess } from './processes';

export interface AllInOne {
  process: ManagedProcess;
  /** The API's base URL, e.g. http://127.0.0.1:40123 (no /v2). */
  api: string;
  dnsPort: number;
  env: NodeJS.ProcessEnv;
  /** Starts it again on the same settings (after `process.stop()`). */
  restart(): Promise<void>;
}

/**
 * Every app in one process (`apps/all-in-one/dist/main.js`, the in-process broker) on `databaseUrl`,
 * with noauth and its own free ports; resolves once it printed that everything answers. A port taken by
 * someone else between choosing and binding it is chosen again (twice at most).
 */
export async function startAllInOne(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<AllInOne> {
  for (let attempt = 1; ; attempt++) {
    const instance = allInOne({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // Its own: what it keeps there (running.json) must go neither in the checkout nor to another's.
      ZONEWARDEN_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'zw-all-in-one-')),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '10',
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(await freePort()),
      MINIDNS_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...env,
    });
    try {
      await instance.restart();
      return instance;
    } catch (error) {
      // A taken port is named by the start-up check ("API_PORT 40123 is taken"), or by the bind itself.
      if (attempt >= 3 || !/EADDRINUSE| is taken/.test((error as Error).message)) throw error;
    }
  }
}

function allInOne(settings: NodeJS.ProcessEnv): AllInOne {
  const instance: AllInOne = {
    process: undefined as unknown as ManagedProcess,
    api: `http://127.0.0.1:${settings.API_PORT}`,
    dnsPort: Number(settings.MINIDNS_PORT),
    env: settings,
    async restart() {
      const main = path.join(REPO_ROOT, 'apps/all-in-one/dist/main.js');
      const dataDir = settings.ZONEWARDEN_DATA_DIR as string;
      fs.mkdirSync(dataDir, { recursive: true });
      instance.process = await startProcess('all-in-one', process.execPath, [main], {
        env: settings,
        ready: /Ctrl-C stops it/,
        timeoutMs: 60_000,
      }).catch((error: Error) => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        throw error;
      });
      instance.process.child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
    },
  };
  return instance;
}

/** A data directory for `npm start`, as a checkout has it: mkdtemp's is private, which PostgreSQL's own user could not enter. */
export function npmStartDataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `zonewarden-${name}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface NpmStart {
  process: ManagedProcess;
  /** The API's base URL (no /v2), the development token and the DNS port, as it printed them. */
  api: string;
  token: string;
  dnsPort: number;
  /** What a shell beside it has: PATH, HOME and its ZONEWARDEN_DATA_DIR. */
  shell: NodeJS.ProcessEnv;
}

/**
 * `npm start` as a reader first runs it: neither DATABASE_URL nor AMQP_URL, so on an embedded PostgreSQL
 * in `dataDir`, with token auth, on free ports. `detached`: in a process group of its own, as a terminal
 * runs it (Ctrl-C signals the whole group).
 */
export async function startNpmStart(dataDir: string, { detached = false } = {}): Promise<NpmStart> {
  const shell = { PATH: process.env.PATH, HOME: process.env.HOME, ZONEWARDEN_DATA_DIR: dataDir };
  const [apiPort, dnsPort] = [await freePort(), await freePort()];
  const main = path.join(REPO_ROOT, 'apps/all-in-one/dist/main.js');
  const started = await startProcess('npm start', process.execPath, [main], {
    env: { ...shell, API_PORT: String(apiPort), MINIDNS_PORT: String(dnsPort) },
    ready: /Ctrl-C stops it/,
    timeoutMs: 60_000,
    detached,
  });
  return {
    process: started,
    api: `http://127.0.0.1:${apiPort}`,
    token: /Token: +(\S+)/.exec(started.output)?.[1] as string,
    dnsPort,
    shell,
  };
}
