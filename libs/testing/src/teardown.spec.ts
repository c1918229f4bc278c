import { teardown } from './teardown';

describe('teardown', () => {
  it('runs every step even after failures, then reports each failure naming its step', async () => {
    const ran: string[] = [];
    const env = undefined as unknown as { AMQP_NAMESPACE: string };
    const failure = await teardown(
      () => ran.push('stop apps'),
      () => ran.push(env.AMQP_NAMESPACE),
      async () => {
        throw new Error('could not stop named');
      },
      async () => ran.push('drop database'),
    ).catch((error: Error) => error);
    expect(ran).toEqual(['stop apps', 'drop database']);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('2 of 4 steps failed');
    expect((failure as Error).message).toContain('env.AMQP_NAMESPACE');
    expect((failure as Error).message).toContain('could not stop named');
  });

  it('resolves when every step succeeds or had nothing to stop', async () => {
    const app = undefined as { stop(): Promise<void> } | undefined;
    await expect(
      teardown(
        () => app?.stop(),
        () => undefined,
      ),
    ).resolves.toBeUndefined();
  });
});
