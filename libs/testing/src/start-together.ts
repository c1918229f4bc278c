import { ManagedProcess, startApp } from './processes';

/** Anything a test starts and must stop: an app, a DNS server, a PostgreSQL of its own. */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * What `Promise.all` of start-ups should be: when one of them fails, the others are still awaited (each
 * start has its own timeout) and the ones that started are stopped, so that nothing is left running
 * where the test cannot reach it; then the first failure is thrown.
 */
export async function startTogether<T extends readonly Stoppable[]>(
  ...starts: { [K in keyof T]: Promise<T[K]> }
): Promise<T> {
  const outcomes = await Promise.allSettled(starts);
  const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
  if (failures.length === 0)
    return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<Stoppable>).value) as unknown as T;
  await Promise.allSettled(
    outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.stop() : undefined)),
  );
  throw failures[0].reason;
}

/** Starts several built apps at once on the same environment; see `startTogether`. */
export function startApps(names: string[], env: Record<string, string>): Promise<ManagedProcess[]> {
  return startTogether<ManagedProcess[]>(...names.map((name) => startApp(name, env)));
}
