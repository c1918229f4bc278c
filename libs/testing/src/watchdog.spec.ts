import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './processes';

/** Runs watchdog.fixture.js (stuck tests) in a jest of its own, as `npm test` runs every file. */
function runStuckTests(): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = Date.now();
  const jest = path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js');
  const args = [
    '--config',
    path.join(__dirname, '../jest.config.js'),
    '--testRegex',
    'watchdog\\.fixture\\.js$',
  ];
  return new Promise((resolve) => {
    // The timeout is the test's own safety net: without the watchdog, this jest would never exit.
    // No colours (nx forces them on for its children): the output is matched as plain text.
    const env = { ...process.env, JEST_WATCHDOG_EXIT_GRACE_MS: '2000', FORCE_COLOR: '0' };
    execFile(
      process.execPath,
      [jest, ...args, '--ci'],
      { cwd: REPO_ROOT, env, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? ((error as { code?: number }).code ?? null) : 0,
          output: `${stdout}${stderr}`,
          seconds: (Date.now() - started) / 1000,
        }),
    );
  });
}

describe('the jest watchdog', () => {
  let run: Awaited<ReturnType<typeof runStuckTests>>;

  beforeAll(async () => {
    run = await runStuckTests();
  }, 100_000);

  it('fails a test stuck in a wait with the label of the wait, before jest’s own timeout', () => {
    expect(run.output).toContain(
      'timed out waiting for the answer that never comes: "hangs in a wait" reached its 2000 ms timeout (jest watchdog)',
    );
  });

  it('adds the last wait to jest’s timeout when the test is stuck elsewhere', () => {
    expect(run.output).toMatch(
      /Exceeded timeout of 1500 ms for a test[^]*Watchdog: last wait: the first answer \(done/,
    );
  });

  it('kills the processes a test file left running', () => {
    expect(run.output).toMatch(
      /jest watchdog: src\/watchdog\.fixture\.js left running sleeper \(pid \d+\); killed them/,
    );
  });

  it('names what else keeps jest from exiting, then exits with jest’s verdict instead of hanging', () => {
    expect(run.output).toMatch(
      /jest watchdog: still open 2 s after the last test: .*TCPServerWrap.*; exiting/,
    );
    expect(run.output).toContain('Tests:       2 failed, 2 passed, 4 total');
    expect(run.code).toBe(1);
    expect(run.seconds).toBeLessThan(60);
  });
});
