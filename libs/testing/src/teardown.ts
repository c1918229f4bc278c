/** One step of a teardown; it may return a promise, or nothing when what it stops never started. */
export type TeardownStep = () => unknown;

/** How a step is named in the report: its source, which says what it stops (`() => db?.drop()`). */
function nameOf(step: TeardownStep): string {
  const source = step.toString().replace(/\s+/g, ' ');
  return source.length > 100 ? `${source.slice(0, 97)}...` : source;
}

/**
 * For afterAll: runs every step in order, each even when an earlier one failed — an app that would not
 * stop must not keep the test database and the AMQP namespace from being dropped — then reports every
 * failure at once, naming its step. Steps guard what may never have started (`() => app?.stop()`).
 */
export async function teardown(...steps: TeardownStep[]): Promise<void> {
  const failures: string[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(`${nameOf(step)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length > 0)
    throw new Error(
      `teardown: ${failures.length} of ${steps.length} steps failed (every step ran):\n  ${failures.join('\n  ')}`,
    );
}
