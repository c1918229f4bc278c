#!/usr/bin/env node
// `npm start`: runs api-gateway, zone-worker, pool-manager and mini-dns (already built) as child processes,
// with prefixed output. Stops them all on Ctrl-C / SIGTERM, or when one of them exits.
const { spawn } = require('node:child_process');
const path = require('node:path');

const APPS = ['api-gateway', 'zone-worker', 'pool-manager', 'mini-dns'];
const root = path.resolve(__dirname, '..');
const children = new Map();
let stopping = false;

function prefixLines(name, stream, out) {
  let buffered = '';
  stream.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  const timer = setTimeout(() => process.exit(code), 10_000);
  timer.unref();
  const check = setInterval(() => {
    if ([...children.values()].every((child) => child.exitCode !== null || child.signalCode !== null)) {
      clearInterval(check);
      process.exit(code);
    }
  }, 100);
}

for (const name of APPS) {
  const child = spawn(process.execPath, [path.join(root, 'apps', name, 'dist', 'main.js')], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(name, child);
  prefixLines(name, child.stdout, process.stdout);
  prefixLines(name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] exited (${signal ?? code}); stopping the others`);
      stopAll(code || 1);
    }
  });
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
