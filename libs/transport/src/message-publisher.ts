import { MessageEnvelope, REQUEST_ID_HEADER } from '@zonewarden/contracts';

/** A message to publish, as the outbox holds it (libs/persistence's PendingMessage has this shape). */
export interface OutgoingMessage {
  id: string;
  pattern: string;
  payload: unknown;
  headers: Record<string, string>;
}

/** Where the outbox relay hands messages over: RabbitMQ, or the in-process broker of the all-in-one mode. */
export interface MessagePublisher {
  /** Resolves once the message is safely with the broker. */
  publish(message: OutgoingMessage): Promise<void>;
  isConnected(): boolean;
  /** Resolves when connected, or after `ms`, whichever comes first. */
  waitForConnection(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** A message as it travels: the `{pattern, data}` body Nest's transports read, and its properties. */
export function encodeMessage(message: OutgoingMessage) {
  const envelope: MessageEnvelope = { pattern: message.pattern, data: message.payload };
  const requestId = message.headers.requestId;
  return {
    content: Buffer.from(JSON.stringify(envelope)),
    properties: {
      messageId: message.id,
      type: message.pattern,
      headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : {},
    },
  };
}
