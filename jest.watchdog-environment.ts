import * as path from 'node:path';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';
import { WATCHDOG_KEY, type Watchdog } from './libs/testing/src/watchdog';

/** How long before a test's or hook's timeout its pending waits are given up. */
const MARGIN_MS = 1000;

type ErrorEntry = [unknown, Error | undefined];

/**
 * The node environment with a watchdog (see libs/testing/src/watchdog.ts), so that a stuck test fails
 * saying what it waited for and jest never hangs on what a test file left behind:
 * - shortly before a test's or hook's timeout, every pending `waitFor` of libs/testing is given up, which
 *   fails the test with "timed out waiting for <label>";
 * - when jest's own timeout fires anyway (the test was stuck elsewhere), its message gets the waits
 *   pending, the last one that ended and the processes still running;
 * - once the file has run, processes started through libs/testing and still running are killed (their
 *   pipes would keep jest from exiting) and named on stderr.
 */
export default class WatchdogEnvironment extends TestEnvironment {
  private timer?: NodeJS.Timeout;
  private readonly testFile: string;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.testFile = path.relative(config.globalConfig.rootDir, context.testPath);
  }

  private get watchdog(): Watchdog | undefined {
    return (this.global as unknown as Record<symbol, Watchdog | undefined>)[WATCHDOG_KEY];
  }

  async handleTestEvent(event: Circus.Event, state: Circus.State): Promise<void> {
    switch (event.name) {
      case 'hook_start':
        return this.arm(`its ${event.hook.type} hook`, event.hook.timeout || state.testTimeout);
      case 'test_fn_start':
        return this.arm(`"${event.test.name}"`, event.test.timeout || state.testTimeout);
      case 'hook_success':
      case 'test_fn_success':
        return this.disarm();
      case 'hook_failure':
      case 'test_fn_failure':
        this.disarm();
        return this.explainTimeout(event.error, state);
      case 'run_finish':
        return this.stopLeftovers();
    }
  }

  private arm(what: string, timeoutMs: number): void {
    this.disarm();
    this.timer = setTimeout(
      () => this.watchdog?.giveUpWaits(`${what} reached its ${timeoutMs} ms timeout (jest watchdog)`),
      Math.max(0, timeoutMs - MARGIN_MS),
    );
  }

  private disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Jest's timeout is a bare string; the entries holding it get an error that also says what was pending. */
  private explainTimeout(error: unknown, state: Circus.State): void {
    if (typeof error !== 'string' || !error.startsWith('Exceeded timeout')) return;
    const message = `${error}\nWatchdog: ${this.watchdog?.describe() ?? 'libs/testing was not loaded'}`;
    const replace = (entries: ErrorEntry[]) => {
      for (const entry of entries) {
        if (entry[0] !== error) continue;
        const explained = new Error(message);
        explained.stack = `${message}\n${entry[1]?.stack?.split('\n').slice(1).join('\n') ?? ''}`;
        entry[0] = explained;
      }
    };
    replace(state.unhandledErrors as ErrorEntry[]);
    const visit = (block: Circus.DescribeBlock) => {
      for (const child of block.children) {
        if (child.type === 'describeBlock') visit(child);
        else replace(child.errors as ErrorEntry[]);
      }
    };
    visit(state.rootDescribeBlock);
  }

  private stopLeftovers(): void {
    this.disarm();
    const stopped = this.watchdog?.stopProcesses() ?? [];
    if (stopped.length)
      process.stderr.write(
        `jest watchdog: ${this.testFile} left running ${stopped.join(', ')}; killed them\n`,
      );
  }
}
