import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT, TestDatabase, createTestDatabase, teardown, within } from '@zonewarden/testing';

/**
 * `npm run -s zonewarden -- token create` as a script runs it: the token on stdout, then the process
 * ends. It used to stay 10 s more, held by a timer of the migration engine it runs first.
 */
describe('zonewarden token create (built CLI)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => teardown(() => db?.drop()));

  it('exits within 2 s of printing the token', async () => {
    const cli = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'apps/cli/dist/main.js'),
        'token',
        'create',
        '--project',
        'p',
        '--roles',
        'admin',
      ],
      { env: { PATH: process.env.PATH, DATABASE_URL: db.url }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    let printedAt = 0;
    cli.stdout.on('data', (chunk) => {
      stdout += chunk;
      printedAt ||= Date.now();
    });
    cli.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      const code = await within(
        'the CLI to exit',
        30_000,
        new Promise<number | null>((resolve) => cli.once('exit', (exitCode) => resolve(exitCode))),
      );
      const exitedAt = Date.now();
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout.trim()).toMatch(/^zw_[A-Za-z0-9_-]{43}$/);
      expect(exitedAt - printedAt).toBeLessThan(2_000);
    } finally {
      if (cli.exitCode === null) cli.kill('SIGKILL');
    }
  });
});
