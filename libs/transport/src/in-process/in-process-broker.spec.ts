import { DEAD_LETTER_LIMITS } from '@zonewarden/contracts';
import { BrokerChannel, BrokerMessage, InProcessBroker } from './in-process-broker';
import { topicMatches } from './topic-match';

const tick = () => new Promise((resolve) => setImmediate(resolve));
const settle = async () => {
  for (let i = 0; i < 5; i++) await tick();
};

function publish(broker: InProcessBroker, routingKey: string, id: string) {
  broker.publish(routingKey, Buffer.from(id), { messageId: id, type: routingKey, headers: {} });
}

function collect(broker: InProcessBroker, queue: string, prefetch: number) {
  const held: Array<{ message: BrokerMessage; channel: BrokerChannel }> = [];
  broker.consume(queue, prefetch, (message, channel) => held.push({ message, channel }));
  return held;
}

describe('topicMatches', () => {
  it.each([
    ['zone.*', 'zone.created', true],
    ['zone.*', 'zone.export.requested', false],
    ['zone.#', 'zone.export.requested', true],
    ['zone.#', 'zone', true],
    ['#', 'anything.at.all', true],
    ['zone.created', 'zone.created', true],
    ['zone.created', 'zone.updated', false],
    ['*.requested', 'zone.export.requested', false],
    ['#.requested', 'zone.export.requested', true],
  ])('%s against %s → %s', (binding, key, expected) => {
    expect(topicMatches(binding, key)).toBe(expected);
  });
});

describe('InProcessBroker', () => {
  let broker: InProcessBroker;
  beforeEach(() => {
    broker = new InProcessBroker();
    broker.declareQueue('q', ['zone.created', 'zone.updated']);
  });

  it('routes by binding, delivers at most prefetch unacked, and the next one after an ack', async () => {
    ['a', 'b', 'c'].forEach((id) => publish(broker, 'zone.created', id));
    publish(broker, 'zone.deleted', 'unrouted');
    const held = collect(broker, 'q', 2);
    await settle();
    expect(held.map((d) => d.message.properties.messageId)).toEqual(['a', 'b']);
    held[0].channel.ack(held[0].message);
    await settle();
    expect(held.map((d) => d.message.properties.messageId)).toEqual(['a', 'b', 'c']);
    expect(broker.depths().q).toBe(0);
  });

  it('redelivers a requeued message first, marked redelivered', async () => {
    ['a', 'b'].forEach((id) => publish(broker, 'zone.updated', id));
    const held = collect(broker, 'q', 1);
    await settle();
    held[0].channel.nack(held[0].message, false, true);
    await settle();
    expect(held[1].message.properties.messageId).toBe('a');
    expect(held[1].message.fields.redelivered).toBe(true);
  });

  it('dead-letters a message nacked without requeue, and ignores settling it twice', async () => {
    publish(broker, 'zone.created', 'poison');
    const held = collect(broker, 'q', 1);
    await settle();
    held[0].channel.nack(held[0].message, false, false);
    held[0].channel.ack(held[0].message);
    await settle();
    expect(broker.depths()['q.dead']).toBe(1);
    expect(broker.depths().q).toBe(0);
  });

  it('bounds a dead-letter queue as RabbitMQ does: the oldest go past the length limit and the age limit', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    try {
      const held = collect(broker, 'q', DEAD_LETTER_LIMITS.maxLength + 5);
      for (let i = 0; i < DEAD_LETTER_LIMITS.maxLength + 5; i++) publish(broker, 'zone.created', `m${i}`);
      await settle();
      for (const { message, channel } of held) channel.nack(message, false, false);
      expect(broker.depths()['q.dead']).toBe(DEAD_LETTER_LIMITS.maxLength);
      jest.setSystemTime(Date.now() + DEAD_LETTER_LIMITS.maxAgeMs + 1000);
      publish(broker, 'zone.created', 'late');
      await settle();
      const late = held[held.length - 1];
      expect(late.message.properties.messageId).toBe('late');
      late.channel.nack(late.message, false, false);
      expect(broker.depths()['q.dead']).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('pausing stops new deliveries; cancelling returns unacked messages to the queue', async () => {
    ['a', 'b', 'c'].forEach((id) => publish(broker, 'zone.created', id));
    const held = collect(broker, 'q', 1);
    await settle();
    broker.pause('q');
    held[0].channel.ack(held[0].message);
    await settle();
    expect(held).toHaveLength(1);
    broker.cancel('q');
    expect(broker.depths().q).toBe(2);
    const again = collect(broker, 'q', 5);
    await settle();
    expect(again.map((d) => d.message.properties.messageId)).toEqual(['b', 'c']);
  });

  it('keeps messages published before any consumer, and refuses a second consumer', async () => {
    publish(broker, 'zone.created', 'early');
    await settle();
    const held = collect(broker, 'q', 1);
    await settle();
    expect(held[0].message.properties.messageId).toBe('early');
    expect(() => broker.consume('q', 1, () => undefined)).toThrow(/already has a consumer/);
  });

  it('gives each subscription its own copy of matching events until it unsubscribes', async () => {
    const seen: string[] = [];
    const unsubscribe = broker.subscribe(['zone.*'], (message) => seen.push(message.content.toString()));
    publish(broker, 'zone.created', 'one');
    publish(broker, 'zone.export.requested', 'not-matching');
    await settle();
    unsubscribe();
    publish(broker, 'zone.updated', 'after');
    await settle();
    expect(seen).toEqual(['one']);
  });
});
