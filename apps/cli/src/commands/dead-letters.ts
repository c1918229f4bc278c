import { parseArgs } from 'node:util';
import * as amqplib from 'amqplib';
import { consumerQueues, deadLetterQueueName, messagingTopology } from '@zonewarden/contracts';

export const DEAD_LETTERS_USAGE = `dead-letters list [--queue <name>] [--limit <n>]    show dead-lettered messages (left in place)
  dead-letters redrive [--queue <name>]               send them back to the queue they came from
  dead-letters purge [--queue <name>]                 delete them
    (on RabbitMQ: AMQP_URL, AMQP_NAMESPACE; --queue: pool-manager or zone-worker, default both)`;

/** What RabbitMQ records of a message's dead-lettering (the `x-death` header, newest first). */
interface Death {
  queue?: string;
  reason?: string;
  time?: { value?: number } | number;
  'routing-keys'?: string[];
}

const deathOf = (message: amqplib.GetMessage): Death | undefined =>
  (message.properties.headers?.['x-death'] as Death[] | undefined)?.[0];

function describe(message: amqplib.GetMessage): string {
  const death = deathOf(message);
  const seconds = typeof death?.time === 'object' ? death.time.value : death?.time;
  const when = seconds ? new Date(seconds * 1000).toISOString() : 'unknown time';
  const pattern = death?.['routing-keys']?.[0] ?? message.fields.routingKey;
  return `  ${message.properties.messageId ?? '(no id)'}  ${pattern}  ${death?.reason ?? 'dead-lettered'} from ${death?.queue ?? '?'} at ${when}`;
}

/**
 * `dead-letters list|redrive|purge`: the dead-letter queues of this installation's consumer queues.
 * Works on RabbitMQ; the one-process mode's in-process broker lives in that process's memory.
 */
export async function deadLetters(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const [action, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: { queue: { type: 'string' }, limit: { type: 'string' } },
  });
  const topology = messagingTopology(env.AMQP_NAMESPACE || undefined);
  const queues = consumerQueues(topology).filter(
    (queue) => !values.queue || queue.name === `${env.AMQP_NAMESPACE || 'zonewarden'}.${values.queue}`,
  );
  if (!['list', 'redrive', 'purge'].includes(action) || queues.length === 0)
    throw new Error(`usage: ${DEAD_LETTERS_USAGE}`);
  const connection = await amqplib.connect(env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672');
  connection.on('error', () => undefined);
  try {
    const lines: string[] = [];
    for (const queue of queues) {
      const dead = deadLetterQueueName(queue.name);
      // A channel per queue: RabbitMQ closes a channel that names a queue it does not have.
      const channel = await connection.createConfirmChannel();
      channel.on('error', () => undefined);
      try {
        if (action === 'purge')
          lines.push(`${dead}: ${(await channel.purgeQueue(dead)).messageCount} purged`);
        else if (action === 'list') lines.push(...(await list(channel, dead, Number(values.limit ?? 20))));
        else lines.push(`${dead}: ${await redrive(channel, dead, queue.name)} sent back to ${queue.name}`);
        await channel.close();
      } catch (error) {
        if ((error as { code?: number }).code !== 404) throw error;
        lines.push(`${dead}: not declared (nothing was dead-lettered here yet)`);
      }
    }
    return lines.join('\n');
  } finally {
    await connection.close();
  }
}

/** Takes up to `limit` messages without settling them, describes them, and puts them all back. */
async function list(channel: amqplib.ConfirmChannel, dead: string, limit: number): Promise<string[]> {
  const { messageCount } = await channel.checkQueue(dead);
  const taken: amqplib.GetMessage[] = [];
  for (let message; taken.length < limit && (message = await channel.get(dead));) taken.push(message);
  if (taken.length) channel.nack(taken[taken.length - 1], true, true);
  return [`${dead}: ${messageCount} message(s)`, ...taken.map(describe)];
}

/** Moves every message back to its queue (through the default exchange, so only that queue gets it). */
async function redrive(channel: amqplib.ConfirmChannel, dead: string, queue: string): Promise<number> {
  let moved = 0;
  for (let message; (message = await channel.get(dead)); moved++) {
    const { headers, ...properties } = message.properties;
    const {
      'x-death': _death,
      'x-first-death-exchange': _e,
      'x-first-death-queue': _q,
      'x-first-death-reason': _r,
      ...kept
    } = (headers ?? {}) as Record<string, unknown>;
    channel.publish('', queue, message.content, { ...properties, headers: kept });
    await channel.waitForConfirms();
    channel.ack(message);
  }
  return moved;
}
