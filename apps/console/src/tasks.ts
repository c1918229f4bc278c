import { api } from './api';
import type { Task } from './types';

const POLL_MS = 500;
/** An import or export the workers did not finish in this long is left to its page to show. */
const GIVE_UP_MS = 60_000;

/** Polls an import or export task until it is COMPLETE or ERROR; `onProgress` sees each state. */
export async function finished(path: string, onProgress?: (task: Task) => void): Promise<Task> {
  const until = Date.now() + GIVE_UP_MS;
  for (;;) {
    const task = await api<Task>(path);
    onProgress?.(task);
    if (task.status !== 'PENDING' || Date.now() > until) return task;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The line a zonefile error names (`line 4, column 10`), if it names one. */
export function lineOf(message: string | null): number | undefined {
  const match = /\bline (\d+)/.exec(message ?? '');
  return match ? Number(match[1]) : undefined;
}
