import { execFileSync } from 'node:child_process';
import { startProcess } from './processes';
import { startTogether } from './start-together';

/** A node process that prints `started` (or exits with an error first when `fails`). */
const startNode = (name: string, fails = false) =>
  startProcess(
    name,
    process.execPath,
    ['-e', fails ? 'process.exit(3)' : 'console.log("started"); setInterval(() => undefined, 1000)'],
    { ready: /started/, timeoutMs: 10_000 },
  );

describe('starting processes', () => {
  it('kills a process that does not print that it started in time', async () => {
    await expect(
      startProcess('silent', 'sleep', ['600'], { ready: /started/, timeoutMs: 300 }),
    ).rejects.toThrow('timed out waiting for silent to print /started/');
    // Gone, not left running to keep jest from exiting.
    const children = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
    expect(children).not.toContain('sleep 600');
  });

  it('fails at once, with its output, when the process exits before it started', async () => {
    const started = Date.now();
    await expect(startNode('crashing', true)).rejects.toThrow(/crashing exited \(code 3\) before printing/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops the siblings that started when one of them fails, then throws its error', async () => {
    const first = startNode('first');
    const second = startNode('second');
    await expect(startTogether(first, startNode('broken', true), second)).rejects.toThrow(/broken exited/);
    for (const sibling of [await first, await second]) expect(sibling.running).toBe(false);
  });

  it('returns every started one, in order, when all start', async () => {
    const [a, b] = await startTogether(startNode('a'), startNode('b'));
    expect([a.name, b.name]).toEqual(['a', 'b']);
    await Promise.all([a.stop(), b.stop()]);
  });
});
