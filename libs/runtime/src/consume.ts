import { Logger } from '@nestjs/common';
import type { RmqContext } from '@nestjs/microservices';
import { ContractViolationError, REQUEST_ID_HEADER } from '@zonewarden/contracts';
import { isDatabaseUnavailable } from '@zonewarden/persistence';
import { messagesConsumed, messagesFailed } from './service-metrics';
import { pause, shutdownSignal } from './shutdown';

const HANDLING_ATTEMPTS = 3;
/**
 * While storage is unavailable (down, stalled, out of connections) a message is retried with backoff this
 * long, then handed back to the queue: never dead-lettered for it. (RabbitMQ's consumer timeout is 30 min.)
 */
const STORAGE_RETRY_WINDOW_MS = 5 * 60_000;
const STORAGE_MAX_BACKOFF_MS = 10_000;

/**
 * The one way our consumers handle a message: the payload is validated by the consumer's contract function
 * (`parse`, throwing ContractViolationError), the (idempotent) work runs, and the message is acked only
 * once the work is done. A payload that breaks its contract is dead-lettered at once; while storage is
 * unavailable the work is retried with backoff and, after a while or at shutdown, the message goes back to
 * the queue; any other failure is retried a few times, then dead-lettered — with the state it concerns
 * left pending, for the app's own recovery.
 */
export async function consumeMessage<T extends object>(
  context: RmqContext,
  parse: (data: unknown) => T,
  data: unknown,
  work: (payload: T) => Promise<void>,
  logger: Logger,
): Promise<void> {
  const channel = context.getChannelRef();
  const message = context.getMessage();
  // The API request that caused this message, for following a change across the apps' logs.
  const requestId = (message.properties.headers as Record<string, unknown> | undefined)?.[REQUEST_ID_HEADER];
  const about = { messageId: message.properties.messageId, requestId };
  try {
    const payload = parse(data);
    if (!(await handleWithRetries(() => work(payload)))) {
      logger.warn({ msg: `${context.getPattern()} waits for storage: back to the queue`, ...about });
      channel.nack(message, false, true);
      return;
    }
    channel.ack(message);
    messagesConsumed.inc({ pattern: context.getPattern() });
    logger.log({ msg: `handled ${context.getPattern()}`, ...about });
  } catch (error) {
    const reason = error instanceof ContractViolationError ? 'breaks its contract' : 'could not be handled';
    logger.error({
      msg: `${context.getPattern()} ${reason}, dead-lettered: ${(error as Error).message}`,
      ...about,
    });
    channel.nack(message, false, false);
    messagesFailed.inc({ pattern: context.getPattern() });
  }
}

/**
 * Runs `work` until it succeeds (true). Storage unavailability is waited out with backoff for
 * STORAGE_RETRY_WINDOW_MS (false after it, or at shutdown); any other error gets HANDLING_ATTEMPTS tries
 * and is then thrown.
 */
async function handleWithRetries(work: () => Promise<void>): Promise<boolean> {
  const giveUpAt = Date.now() + STORAGE_RETRY_WINDOW_MS;
  let failures = 0;
  for (let backoff = 1000; ; backoff = Math.min(backoff * 2, STORAGE_MAX_BACKOFF_MS)) {
    try {
      await work();
      return true;
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        if (shutdownSignal.aborted || Date.now() + backoff > giveUpAt) return false;
      } else if (++failures >= HANDLING_ATTEMPTS) {
        throw error;
      }
      await pause(backoff);
    }
  }
}
