import { Logger } from '@nestjs/common';
import { IsString } from 'class-validator';
import type { RmqContext } from '@nestjs/microservices';
import { parsePayload } from '@zonewarden/contracts';
import { consumeMessage } from './consume';

class Payload {
  @IsString()
  zoneId!: string;
}

/** A context whose channel records what happened to the message. */
function context() {
  const settled: string[] = [];
  const channel = {
    ack: () => settled.push('ack'),
    nack: (_message: unknown, _all: boolean, requeue: boolean) =>
      settled.push(requeue ? 'requeue' : 'dead-letter'),
  };
  const rmq = {
    getChannelRef: () => channel,
    getMessage: () => ({ properties: { messageId: 'm1', headers: {} } }),
    getPattern: () => 'zone.created',
  } as unknown as RmqContext;
  return { rmq, settled };
}

const logger = new Logger('test');
const unavailable = () => Object.assign(new Error('sorry, too many clients already'), { code: '53300' });

describe('consumeMessage', () => {
  beforeAll(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] }));
  afterAll(() => jest.useRealTimers());
  beforeEach(() => jest.spyOn(logger, 'error').mockImplementation(() => undefined));

  /** Runs consumeMessage while advancing the fake clock until it settles. */
  async function consume(work: () => Promise<void>) {
    const { rmq, settled } = context();
    const done = consumeMessage(rmq, (data) => parsePayload(Payload, data), { zoneId: 'z' }, work, logger);
    while (settled.length === 0) await jest.advanceTimersByTimeAsync(1000);
    await done;
    return settled;
  }

  it('waits out storage that is short of connections (backing off), then acks', async () => {
    let calls = 0;
    const settled = await consume(async () => {
      if (++calls < 6) throw unavailable();
    });
    expect(settled).toEqual(['ack']);
    expect(calls).toBe(6);
  });

  it('hands the message back to the queue when storage stays unavailable, never dead-letters it', async () => {
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(await consume(() => Promise.reject(unavailable()))).toEqual(['requeue']);
  });

  it('dead-letters after three tries on any other failure', async () => {
    let calls = 0;
    const settled = await consume(async () => {
      calls++;
      throw new TypeError('a bug');
    });
    expect(settled).toEqual(['dead-letter']);
    expect(calls).toBe(3);
  });
});
