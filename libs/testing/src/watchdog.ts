import type { ChildProcess } from 'node:child_process';

/**
 * What a test file is waiting for and what it started, kept where the jest environment
 * (jest.watchdog-environment.ts, outside the test's module sandbox) can reach it: on the sandbox's global
 * object, under a registered symbol. The environment gives up the pending waits shortly before a test's
 * or hook's timeout, so that the failure names what was awaited, and stops the processes a test file
 * leaves running, which would otherwise keep jest from exiting.
 */
export interface Watchdog {
  /** Rejects every pending wait with `reason` (named after its label); returns how many there were. */
  giveUpWaits(reason: string): number;
  /** One line: the waits pending now, the last one that ended, the processes still running. */
  describe(): string;
  /** Kills (SIGKILL) every process still running; returns their names. */
  stopProcesses(): string[];
}

export const WATCHDOG_KEY = Symbol.for('zonewarden.testing.watchdog');

interface PendingWait {
  label: string;
  since: number;
  /** Where the wait was called from, for the stack of the error that gives it up. */
  origin: Error;
  giveUp(error: Error): void;
}

interface TrackedProcess {
  name: string;
  child: ChildProcess;
}

class Registry implements Watchdog {
  readonly waits = new Set<PendingWait>();
  readonly processes = new Set<TrackedProcess>();
  lastWait?: { label: string; outcome: string; at: number };

  giveUpWaits(reason: string): number {
    const pending = [...this.waits];
    for (const wait of pending) {
      const error = new Error(`timed out waiting for ${wait.label}: ${reason}`);
      // From the caller of waitFor down: trackWait's and waitFor's own frames say nothing.
      const frames = wait.origin.stack?.split('\n').slice(3) ?? [];
      error.stack = [`Error: ${error.message}`, ...frames].join('\n');
      wait.giveUp(error);
    }
    return pending.length;
  }

  describe(): string {
    const now = Date.now();
    const seconds = (since: number) => `${Math.round((now - since) / 1000)} s`;
    const parts = [...this.waits].map((wait) => `waiting for ${wait.label} (for ${seconds(wait.since)})`);
    if (this.lastWait)
      parts.push(
        `last wait: ${this.lastWait.label} (${this.lastWait.outcome} ${seconds(this.lastWait.at)} ago)`,
      );
    const running = [...this.processes].map(({ name, child }) => `${name} (pid ${child.pid})`);
    if (running.length) parts.push(`running: ${running.join(', ')}`);
    return parts.length ? parts.join('; ') : 'no wait of libs/testing was pending or has run';
  }

  stopProcesses(): string[] {
    const stopped = [...this.processes].map(({ name, child }) => {
      child.kill('SIGKILL');
      return `${name} (pid ${child.pid})`;
    });
    this.processes.clear();
    return stopped;
  }
}

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (holder[WATCHDOG_KEY] ??= new Registry());
}

/** A wait, from its start: `givenUp` rejects when the watchdog gives it up; `end` records how it ended. */
export function trackWait(label: string): { givenUp: Promise<never>; end(outcome: string): void } {
  const watchdog = registry();
  let giveUp!: (error: Error) => void;
  const givenUp = new Promise<never>((_, reject) => (giveUp = reject));
  // Raced, never awaited alone: a wait that ends without being given up must not leave a rejection unhandled.
  givenUp.catch(() => undefined);
  const wait: PendingWait = { label, since: Date.now(), origin: new Error(), giveUp };
  watchdog.waits.add(wait);
  return {
    givenUp,
    end(outcome) {
      watchdog.waits.delete(wait);
      watchdog.lastWait = { label, outcome, at: Date.now() };
    },
  };
}

/** A child process, until it exits, for the watchdog to stop if the test file leaves it running. */
export function trackProcess(name: string, child: ChildProcess): void {
  // The set itself, not the registry: the exit may come after jest cleared the file's globals.
  const processes = registry().processes;
  const tracked = { name, child };
  processes.add(tracked);
  child.once('exit', () => processes.delete(tracked));
}
