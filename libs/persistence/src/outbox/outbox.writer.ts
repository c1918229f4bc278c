import { randomUUID } from 'node:crypto';
import { Tx } from '../prisma.service';

/** PostgreSQL channel notified (by a trigger) when a transaction that wrote to the outbox commits. */
export const OUTBOX_CHANNEL = 'zonewarden_outbox';

export interface OutboxEntry {
  pattern: string;
  payload: object;
  requestId?: string;
}

/** Adds a message to the outbox inside the caller's transaction; the relay publishes it after commit. */
export async function writeToOutbox(tx: Tx, entry: OutboxEntry): Promise<string> {
  const id = randomUUID();
  await tx.outboxMessage.create({
    data: {
      id,
      pattern: entry.pattern,
      payload: entry.payload,
      headers: entry.requestId ? { requestId: entry.requestId } : {},
    },
  });
  return id;
}
