import { ChildProcess, spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** A port free on 127.0.0.1 for TCP and UDP at the time of asking. */
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
    if (udpFree) return port;
  }
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await Promise.resolve(check()).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A child process whose output is kept (and shown when a test fails to start it). */
export class ManagedProcess {
  output = '';
  private exited?: Promise<void>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (chunk) => (this.output += chunk));
    child.stderr?.on('data', (chunk) => (this.output += chunk));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static start(
    name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv = process.env,
  ): ManagedProcess {
    return new ManagedProcess(name, spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  async waitForOutput(pattern: RegExp, timeoutMs = 20_000): Promise<void> {
    await waitFor(
      `${this.name} to print ${pattern}`,
      () => {
        if (!this.running) throw new Error(`${this.name} exited:\n${this.output.slice(-2000)}`);
        return pattern.test(this.output);
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

/** Starts a built Zonewarden app (`apps/<name>/dist/main.js`) and waits until it says it started. */
export async function startApp(name: string, env: Record<string, string>): Promise<ManagedProcess> {
  const app = ManagedProcess.start(
    name,
    process.execPath,
    [path.join(REPO_ROOT, 'apps', name, 'dist', 'main.js')],
    {
      ...process.env,
      ...env,
    },
  );
  await app.waitForOutput(/started|listening on/);
  return app;
}
