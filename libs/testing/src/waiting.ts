import { trackWait } from './watchdog';

const POLL_INTERVAL_MS = 100;

/** Thrown by a `waitFor` check to stop waiting at once (a process that exited will never print). */
export class GiveUp extends Error {}

/** Resolves to `onTimeout` after `ms`, clearing its timer when `settled` settles first. */
function after<T>(ms: number, onTimeout: T, settled: Promise<unknown>): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(onTimeout), Math.max(0, ms));
    settled.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
  });
}

/**
 * Polls `check` until it returns true, for `timeoutMs` at most, then fails naming `what`. A check that
 * throws counts as "not yet" (a server not listening yet), unless it throws GiveUp; a check that hangs
 * is given up at the deadline. The jest watchdog (jest.watchdog-environment.ts) gives the wait up too
 * when the test's own timeout is near, with the same message, so a stuck test says what it waited for.
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
): Promise<void> {
  const wait = trackWait(what);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const attempt = Promise.resolve()
        .then(check)
        .then(Boolean, (error: unknown) => {
          if (error instanceof GiveUp) throw error;
          return false;
        });
      const answered = Promise.race([attempt, wait.givenUp]);
      const done = await Promise.race([answered, after(deadline - Date.now(), false, answered)]);
      if (done) break;
      if (Date.now() >= deadline) throw new Error(`timed out waiting for ${what}`);
      const pause = after(POLL_INTERVAL_MS, undefined, wait.givenUp);
      await Promise.race([pause, wait.givenUp]);
    }
  } catch (error) {
    wait.end(error instanceof GiveUp ? 'given up' : 'timed out');
    throw error;
  }
  wait.end('done');
}

/** `promise`, or an error naming `what` once `timeoutMs` have passed (for one-shot waits). */
export async function within<T>(what: string, timeoutMs: number, promise: Promise<T>): Promise<T> {
  const wait = trackWait(what);
  const answered = Promise.race([promise, wait.givenUp]);
  const timedOut = new Promise<never>((_, reject) =>
    after(timeoutMs, undefined, answered).then(() => reject(new Error(`timed out waiting for ${what}`))),
  );
  try {
    const value = await Promise.race([answered, timedOut]);
    wait.end('done');
    return value;
  } catch (error) {
    wait.end('failed');
    throw error;
  }
}
