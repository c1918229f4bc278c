import * as path from 'node:path';
import { ManagedProcess, REPO_ROOT, freePort } from './processes';

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
      if (attempt >= 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
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
      const started = ManagedProcess.start(
        'all-in-one',
        process.execPath,
        [path.join(REPO_ROOT, 'apps/all-in-one/dist/main.js')],
        settings,
      );
      instance.process = started;
      try {
        await started.waitForOutput(/Ctrl-C stops it/, 60_000);
      } catch (error) {
        await started.stop('SIGKILL');
        throw error;
      }
    },
  };
  return instance;
}
