import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

const APPS = ['api-gateway', 'zone-worker', 'pool-manager', 'mini-dns'];
const STOP_TIMEOUT_MS = 30_000;

/**
 * Runs each app as its own process (what operators do, on RabbitMQ), with prefixed output. Stops them
 * all on Ctrl-C / SIGTERM, or when one of them exits.
 */
export function runSeparateProcesses(appsDir: string): void {
  const children = new Map<string, ChildProcess>();
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children.values()) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), STOP_TIMEOUT_MS).unref();
    const check = setInterval(() => {
      if ([...children.values()].every((child) => child.exitCode !== null || child.signalCode !== null)) {
        clearInterval(check);
        process.exit(code);
      }
    }, 100);
  };
  for (const name of APPS) {
    const child = spawn(process.execPath, [path.join(appsDir, name, 'dist', 'main.js')], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(name, child);
    prefixLines(name, child.stdout as NodeJS.ReadableStream, process.stdout);
    prefixLines(name, child.stderr as NodeJS.ReadableStream, process.stderr);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[${name}] exited (${signal ?? code}); stopping the others`);
      stopAll(code || 1);
    });
  }
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
}

function prefixLines(name: string, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream): void {
  let buffered = '';
  stream.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}
