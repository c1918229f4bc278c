const controller = new AbortController();

/**
 * Aborted once this process is asked to stop (SIGTERM / SIGINT, before the apps close): work that could
 * otherwise retry for minutes (pushing to a target that is down) ends early and leaves its state pending,
 * for the recovery that runs after the restart.
 */
export const shutdownSignal: AbortSignal = controller.signal;

export function requestShutdown(): void {
  controller.abort();
}

/** Waits `ms`, or less when shutdown is requested meanwhile. */
export function pause(ms: number): Promise<void> {
  if (shutdownSignal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      shutdownSignal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    shutdownSignal.addEventListener('abort', done);
  });
}
