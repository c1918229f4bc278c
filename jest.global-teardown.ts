import type { Config } from '@jest/types';

/** How long jest may take to exit after the last test before the watchdog lists what holds it. */
const EXIT_GRACE_MS = Number(process.env.JEST_WATCHDOG_EXIT_GRACE_MS) || 10_000;

/**
 * The last safety net: when something a test opened (a socket, a server, a child process the watchdog
 * environment did not know of) keeps jest from exiting, it is listed and jest exits with its own verdict,
 * instead of hanging the run. The timer is unref'd: a clean run exits at once without it.
 */
export default function globalTeardown(globalConfig: Config.GlobalConfig): void {
  if (globalConfig.watch || globalConfig.watchAll) return;
  // Once nothing is left to do (the loop is empty) and every exit listener has run, jest's included, exit
  // at once: node's own cleanup after that can spin forever on a handle Node failed to close (seen with
  // a socket reset after its end, Node 20's Environment::CleanupHandles), a hang no JavaScript can see.
  process.once('beforeExit', () => process.on('exit', () => process.exit()));
  setTimeout(() => {
    const open = process.getActiveResourcesInfo().filter((resource) => resource !== 'TTYWrap');
    process.stderr.write(
      `jest watchdog: still open ${EXIT_GRACE_MS / 1000} s after the last test: ${open.join(', ')}; exiting\n`,
    );
    // No code of ours: jest's exit listener sets the failure code when tests failed.
    process.exit();
  }, EXIT_GRACE_MS).unref();
}
