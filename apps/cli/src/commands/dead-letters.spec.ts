import * as amqplib from 'amqplib';
import { messagingTopology } from '@zonewarden/contracts';
import { TEST_AMQP_URL, deleteNamespace, uniqueNamespace } from '@zonewarden/testing';
import { deadLetters } from './dead-letters';

describe('dead-letters', () => {
  const namespace = uniqueNamespace();
  const topology = messagingTopology(namespace);
  const env = { AMQP_URL: TEST_AMQP_URL, AMQP_NAMESPACE: namespace };
  let connection: amqplib.ChannelModel;
  let channel: amqplib.ConfirmChannel;

  /** Publishes an event and has the pool-manager queue reject it, as a consumer giving up would. */
  async function deadLetter(id: string): Promise<void> {
    channel.publish(topology.eventsExchange, 'zone.created', Buffer.from('{}'), {
      messageId: id,
      persistent: true,
    });
    await channel.waitForConfirms();
    const message = await channel.get(topology.poolManagerQueue.name);
    if (!message) throw new Error('the event did not reach its queue');
    channel.nack(message, false, false);
  }

  beforeAll(async () => {
    connection = await amqplib.connect(TEST_AMQP_URL);
    channel = await connection.createConfirmChannel();
    const queue = topology.poolManagerQueue.name;
    await channel.assertExchange(topology.eventsExchange, 'topic', { durable: true });
    await channel.assertExchange(topology.deadLetterExchange, 'direct', { durable: true });
    await channel.assertQueue(queue, {
      durable: true,
      deadLetterExchange: topology.deadLetterExchange,
      deadLetterRoutingKey: queue,
    });
    await channel.bindQueue(queue, topology.eventsExchange, 'zone.created');
    await channel.assertQueue(`${queue}.dead`, { durable: true });
    await channel.bindQueue(`${queue}.dead`, topology.deadLetterExchange, queue);
  });
  afterAll(async () => {
    await connection?.close();
    await deleteNamespace(namespace);
  });

  it('lists dead-lettered messages and leaves them in place', async () => {
    await deadLetter('m1');
    await deadLetter('m2');
    const listed = await deadLetters(['list', '--queue', 'pool-manager'], env);
    expect(listed).toMatch(/\.pool-manager\.dead: 2 message\(s\)/);
    expect(listed).toMatch(/m1 {2}zone\.created {2}rejected from .*\.pool-manager/);
    expect((await channel.checkQueue(`${topology.poolManagerQueue.name}.dead`)).messageCount).toBe(2);
  });

  it('redrives them to the queue they came from, and purges', async () => {
    expect(await deadLetters(['redrive', '--queue', 'pool-manager'], env)).toContain('2 sent back');
    expect((await channel.checkQueue(topology.poolManagerQueue.name)).messageCount).toBe(2);
    await deadLetter('m3');
    expect(await deadLetters(['purge'], env)).toMatch(/pool-manager\.dead: 1 purged/);
  });

  it('refuses an unknown action or queue', async () => {
    await expect(deadLetters(['drop'], env)).rejects.toThrow(/usage/);
    await expect(deadLetters(['list', '--queue', 'nope'], env)).rejects.toThrow(/usage/);
  });
});
