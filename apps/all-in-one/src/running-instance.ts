import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Where the one process says, while it runs, which database it serves, so that operator commands run
 * beside it (`npm run zonewarden -- token create`, apps/cli database-target.ts) find it without
 * DATABASE_URL: the embedded PostgreSQL listens on a port chosen at each start.
 */
export const RUNNING_INSTANCE_FILE = 'running.json';

export interface RunningInstance {
  pid: number;
  databaseUrl: string;
  apiUrl: string;
}

/** Writes the file (readable by its owner only: the URL holds the password); returns what removes it. */
export function announceRunningInstance(dataDir: string, instance: RunningInstance): () => Promise<void> {
  const file = path.join(dataDir, RUNNING_INSTANCE_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(instance)}\n`, { mode: 0o600 });
  return async () => {
    // Only ours: a later start on the same directory may have replaced it.
    const current = fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as RunningInstance)
      : undefined;
    if (current?.pid === instance.pid) fs.rmSync(file, { force: true });
  };
}
