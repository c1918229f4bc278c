import { GiveUp, waitFor, within } from './waiting';

describe('waitFor', () => {
  it('fails naming its label when the check never answers (a hung check is given up at the deadline)', async () => {
    const started = Date.now();
    await expect(
      waitFor('the answer that never comes', () => new Promise<boolean>(() => undefined), 300),
    ).rejects.toThrow('timed out waiting for the answer that never comes');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails naming its label when the check keeps saying no or throwing', async () => {
    await expect(waitFor('a no', () => false, 300)).rejects.toThrow('timed out waiting for a no');
    await expect(
      waitFor('a refused connection', () => Promise.reject(new Error('ECONNREFUSED')), 300),
    ).rejects.toThrow('timed out waiting for a refused connection');
  });

  it('stops at once when the check gives up', async () => {
    const started = Date.now();
    await expect(
      waitFor('a process that exited', () => Promise.reject(new GiveUp('it exited')), 10_000),
    ).rejects.toThrow('it exited');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('resolves once the check says yes', async () => {
    let calls = 0;
    await waitFor('the third call', () => ++calls === 3, 5000);
    expect(calls).toBe(3);
  });
});

describe('within', () => {
  it('names what it waited for when the promise does not settle in time', async () => {
    await expect(within('the reply', 200, new Promise(() => undefined))).rejects.toThrow(
      'timed out waiting for the reply',
    );
    await expect(within('a value', 1000, Promise.resolve(42))).resolves.toBe(42);
  });
});
