import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import {
  NpmStart,
  REPO_ROOT,
  TEST_ADMIN_URL,
  npmStartDataDir,
  startNpmStart,
  teardown,
  waitFor,
} from '@zonewarden/testing';

/** `npm run -s zonewarden -- …` as a reader types it beside `npm start`, without DATABASE_URL. */
function zonewardenCli(env: NodeJS.ProcessEnv, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; said: string[] }>((resolve) =>
    execFile(
      'npm',
      ['run', '-s', 'zonewarden', '--', ...args],
      { cwd: REPO_ROOT, env, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code) : 0,
          stdout: stdout.trim(),
          // The CLI's last two lines on stderr: before them, the build npm run zonewarden runs first.
          said: stderr
            .split('\n')
            .filter((line) => line.trim() && !line.startsWith('npm warn'))
            .slice(-2),
        }),
    ),
  );
}

/** Databases named `zonewarden` on the machine's PostgreSQL: what a careless CLI would create. */
async function machineZonewardenDatabases(): Promise<number> {
  const admin = new Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    return (await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'zonewarden'`)).rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/**
 * What a reader meets first with `npm start` (no DATABASE_URL, no AMQP_URL): a token created beside it
 * works on it, and Ctrl-C stops it quietly. Each test goes on from the one before.
 */
describe('the first hour with `npm start`', () => {
  const dataDir = npmStartDataDir('first-hour');
  let app: NpmStart;
  let databasesBefore: number;
  const tokenCreate = (roles: string) =>
    zonewardenCli(app.shell, 'token', 'create', '--project', 'first-hour', '--roles', roles);

  beforeAll(async () => {
    databasesBefore = await machineZonewardenDatabases();
    // In a process group of its own, as a terminal runs it: Ctrl-C signals that whole group.
    app = await startNpmStart(dataDir, { detached: true });
  }, 90_000);

  afterAll(() =>
    teardown(
      () => app?.process.stop(),
      () => fs.rmSync(dataDir, { recursive: true, force: true }),
    ),
  );

  it('token create beside it works on its database: the token it prints is taken by its API', async () => {
    const created = await tokenCreate('reader');
    expect(created).toMatchObject({ code: 0, stdout: expect.stringMatching(/^zw_\S+$/) });
    expect(created.said.at(-1)).toBe(`using the database of the \`npm start\` running on ${dataDir}`);
    const zones = await fetch(`${app.api}/v2/zones`, { headers: { 'X-Auth-Token': created.stdout } });
    expect(zones.status).toBe(200);
    expect(await machineZonewardenDatabases()).toBe(databasesBefore);
  }, 120_000);

  it('stops quietly on Ctrl-C (SIGINT to its process group): no warning, exit 0, its PostgreSQL stopped', async () => {
    const { process: npmStart } = app;
    const printedBefore = npmStart.output.length;
    process.kill(-npmStart.child.pid!, 'SIGINT');
    await waitFor('npm start to exit after Ctrl-C', () => !npmStart.running, 30_000);
    const printedAfter = npmStart.output.slice(printedBefore).trim().split('\n');
    expect(printedAfter).toEqual(['SIGINT: finishing in-flight work, then stopping']);
    expect(npmStart.child.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'running.json'))).toBe(false);
  });

  it('token create once it has stopped never creates a database on the machine’s PostgreSQL', async () => {
    // An unknown role: should the machine have a `zonewarden` database of its own, nothing is written to it.
    const refused = await tokenCreate('nobody');
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    if (databasesBefore === 0)
      expect(refused.said.at(-1)).toMatch(
        /^DATABASE_URL is not set and no `npm start` is running on \S+, and the PostgreSQL at \S+ has no database zonewarden, which the CLI does not create: start Zonewarden \(`npm start`\) and run this again, or set DATABASE_URL to its database$/,
      );
    else
      expect(refused.said.join('\n')).toMatch(
        /^using postgresql:\/\/\S+\/zonewarden \(DATABASE_URL is not set[^\n]*\nunknown role/,
      );
    expect(await machineZonewardenDatabases()).toBe(databasesBefore);
  }, 120_000);
});
