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
