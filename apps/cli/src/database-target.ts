import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_DATABASE_URL } from '@zonewarden/config';
import { PrismaService } from '@zonewarden/persistence';

/** What the one-process `npm start` writes into its data directory while it runs (apps/all-in-one running-instance.ts). */
const RUNNING_INSTANCE_FILE = 'running.json';
const PROBE_TIMEOUT_MS = 3000;

export interface DatabaseTarget {
  url: string;
  /** Which database was chosen and why, for stderr, when DATABASE_URL did not name it. */
  note?: string;
}

interface RunningInstance {
  pid: number;
  databaseUrl: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readInstance(dataDir: string): RunningInstance | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, RUNNING_INSTANCE_FILE), 'utf8')) as RunningInstance;
  } catch {
    return undefined;
  }
}

/** Why `url` cannot be used as it is ('missing' when the server answers without that database), or undefined. */
async function problemWith(url: string): Promise<string | undefined> {
  const prisma = new PrismaService({ url, poolSize: 1, connectTimeoutMs: PROBE_TIMEOUT_MS });
  try {
    await prisma.ping(PROBE_TIMEOUT_MS);
    return undefined;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return code === '3D000' ? 'missing' : (code ?? message);
  } finally {
    await prisma.close().catch(() => undefined);
  }
}

/**
 * The database operator commands work on. DATABASE_URL when set. Otherwise the database of the
 * one-process `npm start` running on ZONEWARDEN_DATA_DIR — the one its API reads tokens from. Otherwise
 * the local PostgreSQL's database (`fallbackUrl`) when it exists, as an installation of separate apps
 * has it. Never a database the CLI would have to create: a token there would be refused by every
 * running service; it refuses instead, in one line saying how to reach one.
 */
export async function chooseDatabase(
  env: NodeJS.ProcessEnv,
  fallbackUrl = DEFAULT_DATABASE_URL,
): Promise<DatabaseTarget> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  const dataDir = path.resolve(env.ZONEWARDEN_DATA_DIR || '.zonewarden');
  const instance = readInstance(dataDir);
  if (instance && isAlive(instance.pid)) {
    const problem = await problemWith(instance.databaseUrl);
    if (problem)
      throw new Error(
        `the \`npm start\` running on ${dataDir} (pid ${instance.pid}) does not answer at its database (${problem}); try again once it has started, or set DATABASE_URL`,
      );
    return {
      url: instance.databaseUrl,
      note: `using the database of the \`npm start\` running on ${dataDir}`,
    };
  }
  const noInstance = `DATABASE_URL is not set and no \`npm start\` is running on ${dataDir}${instance ? ` (its last one, pid ${instance.pid}, has stopped)` : ''}`;
  const fallback = new URL(fallbackUrl);
  const problem = await problemWith(fallbackUrl);
  if (problem === 'missing')
    throw new Error(
      `${noInstance}, and the PostgreSQL at ${fallback.host} has no database ${fallback.pathname.slice(1)}, which the CLI does not create: start Zonewarden (\`npm start\`) and run this again, or set DATABASE_URL to its database`,
    );
  if (problem)
    throw new Error(
      `${noInstance}, and no PostgreSQL answers at ${fallback.host} (${problem}): start Zonewarden (\`npm start\`) and run this again, or set DATABASE_URL to its database`,
    );
  return { url: fallbackUrl, note: `using ${fallbackUrl} (${noInstance})` };
}
