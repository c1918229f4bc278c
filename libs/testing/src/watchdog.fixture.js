// Run by watchdog.spec.ts in a jest of its own: tests that get stuck, to show what the watchdog makes of them.
const net = require('node:net');
const { ManagedProcess, waitFor } = require('@zonewarden/testing');

describe('stuck tests', () => {
  it('hangs in a wait', async () => {
    await waitFor('the answer that never comes', () => new Promise(() => undefined), 600_000);
  }, 2000);

  it('hangs elsewhere after a wait', async () => {
    await waitFor('the first answer', () => true);
    await new Promise(() => undefined);
  }, 1500);

  it('leaves a process running', () => {
    ManagedProcess.start('sleeper', 'sleep', ['600']);
  });

  it('leaves a server listening', () => {
    net.createServer().listen(0, '127.0.0.1');
  });
});
