import { Logger } from '@nestjs/common';
import type { RmqContext } from '@nestjs/microservices';
import { ContractViolationError, REQUEST_ID_HEADER, parsePayload } from '@zonewarden/contracts';
import { messagesConsumed, messagesFailed } from './service-metrics';

const HANDLING_ATTEMPTS = 3;

/**
 * The one way our consumers handle a message: the payload is validated against its contract class, the
 * (idempotent) work runs, and the message is acked only once the work is done. A payload that breaks its
 * contract is dead-lettered at once; an unexpected failure (storage down) is retried a few times, then
 * dead-lettered — with the state it concerns left pending, for the app's own recovery to pick up.
 */
export async function consumeMessage<T extends object>(
  context: RmqContext,
  payloadType: new () => T,
  data: unknown,
  work: (payload: T) => Promise<void>,
  logger: Logger,
): Promise<void> {
  const channel = context.getChannelRef();
  const message = context.getMessage();
  // The API request that caused this message, for following a change across the apps' logs.
  const requestId = (message.properties.headers as Record<string, unknown> | undefined)?.[REQUEST_ID_HEADER];
  try {
    const payload = parsePayload(payloadType, data);
    for (let attempt = 1; ; attempt++) {
      try {
        await work(payload);
        break;
      } catch (error) {
        if (attempt >= HANDLING_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
      }
    }
    channel.ack(message);
    messagesConsumed.inc({ pattern: context.getPattern() });
    logger.log({
      msg: `handled ${context.getPattern()}`,
      messageId: message.properties.messageId,
      requestId,
    });
  } catch (error) {
    const reason = error instanceof ContractViolationError ? 'breaks its contract' : 'could not be handled';
    logger.error({
      msg: `${context.getPattern()} ${reason}, dead-lettered: ${(error as Error).message}`,
      messageId: message.properties.messageId,
      requestId,
    });
    channel.nack(message, false, false);
    messagesFailed.inc({ pattern: context.getPattern() });
  }
}
