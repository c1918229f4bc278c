import { randomUUID } from 'node:crypto';
import { Prisma } from '../generated/prisma/client';
import { Queryable, query } from '../sql';

/** PostgreSQL channel notified (by a trigger) when a transaction that wrote to the outbox commits. */
export const OUTBOX_CHANNEL = 'zonewarden_outbox';

export interface OutboxEntry {
  pattern: string;
  payload: object;
  requestId?: string;
}

/** An outbox row's values (id, pattern, payload, headers), for an INSERT of its own or inside another statement. */
export function outboxRow(entry: OutboxEntry): Prisma.Sql {
  const headers = entry.requestId ? { requestId: entry.requestId } : {};
  return Prisma.sql`${randomUUID()}::uuid, ${entry.pattern}, ${JSON.stringify(entry.payload)}::jsonb, ${JSON.stringify(headers)}::jsonb`;
}

/** Adds a message to the outbox inside the caller's transaction; the relay publishes it after commit. */
export async function writeToOutbox(db: Queryable, entry: OutboxEntry): Promise<void> {
  await query(
    db,
    Prisma.sql`INSERT INTO outbox_messages (id, pattern, payload, headers) VALUES (${outboxRow(entry)})`,
    'outbox-insert',
  );
}
