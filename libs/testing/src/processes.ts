import { ChildProcess, SpawnOptions, spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';
import { GiveUp, waitFor, within } from './waiting';
import { trackProcess } from './watchdog';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** Ports freePort has handed out in this process: none is handed out twice. */
const handedOut = new Set<number>();

/**
 * A port free on 127.0.0.1 for TCP and UDP at the time of asking, and not handed out before by this
 * process: the kernel may give back a port just closed, so two calls in a row (say MINIDNS_PORT and
 * OPS_PORT for the same app, neither bound yet) could get the same one.
 */
export async function freePort(): Promise<number> {
  const dgram = await import('node:dgram');
  for (;;) {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = dgram.createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
    if (udpFree && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/**
 * A child process whose output is kept (and shown when a test fails to start it). The jest watchdog
 * kills it if the test file leaves it running.
 */
export class ManagedProcess {
  output = '';
  private readonly exited: Promise<void>;
  /** Its output streams are closed too: everything it printed has been read. */
  private readonly closed: Promise<void>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (chunk) => (this.output += chunk));
    child.stderr?.on('data', (chunk) => (this.output += chunk));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.closed = new Promise((resolve) => child.once('close', () => resolve()));
    trackProcess(name, child);
  }

  static start(
    name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv = process.env,
    options: Pick<SpawnOptions, 'detached'> = {},
  ): ManagedProcess {
    return new ManagedProcess(
      name,
      spawn(command, args, { ...options, env, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  async waitForOutput(pattern: RegExp, timeoutMs = 20_000): Promise<void> {
    await waitFor(
      `${this.name} to print ${pattern}`,
      async () => {
        if (pattern.test(this.output)) return true;
        if (this.running) return false;
        // Its last words may still be in the pipe; a child that passed the pipe on may hold it open.
        await within(`${this.name}'s output to end`, 1000, this.closed).catch(() => undefined);
        if (pattern.test(this.output)) return true;
        const status = this.child.signalCode ?? `code ${this.child.exitCode}`;
        throw new GiveUp(`${this.name} exited (${status}) before printing ${pattern}`);
      },
      timeoutMs,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- ${this.name} output ---\n${this.output.slice(-3000)}`);
    });
  }

  /** Stops the process (SIGTERM, then SIGKILL after `graceMs`). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
    if (!this.running) return;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** What it prints once it has started. */
  ready: RegExp;
  timeoutMs?: number;
  /** In a process group of its own, as a terminal runs a command (to signal the group, as Ctrl-C does). */
  detached?: boolean;
}

/**
 * Starts a process and waits until it prints `ready`; when it does not (it exited, or took longer than
 * `timeoutMs`), kills it before failing, so that nothing a failed start began outlives the test.
 */
export async function startProcess(
  name: string,
  command: string,
  args: string[],
  { env = process.env, ready, timeoutMs = 20_000, detached }: StartOptions,
): Promise<ManagedProcess> {
  const started = ManagedProcess.start(name, command, args, env, { detached });
  try {
    await started.waitForOutput(ready, timeoutMs);
  } catch (error) {
    await started.stop('SIGKILL');
    throw error;
  }
  return started;
}

/**
 * Starts a built Zonewarden app (`apps/<name>/dist/main.js`) and waits until it says it started (at most
 * `timeoutMs`: more for an app starting on a large database). The default leaves room for a gateway that
 * migrates a new database first, which took 14 s on the 2-core machine under a test run's load.
 */
export function startApp(
  name: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ManagedProcess> {
  const main = path.join(REPO_ROOT, 'apps', name, 'dist', 'main.js');
  return startProcess(name, process.execPath, [main], {
    env: { ...process.env, ...env },
    ready: /started|listening on/,
    timeoutMs,
  });
}
