import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { query } from '../sql';
import { Transaction } from '../transaction';

/** PostgreSQL channel notified (by a trigger) when a transaction that wrote to the outbox commits. */
export const OUTBOX_CHANNEL = 'zonewarden_outbox';

/** A message as its producer (the domain) composed it. */
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

/** The outbox's one writer: adds a message inside the caller's transaction; the relay publishes it after commit. */
@Injectable()
export class OutboxWriter {
  async write(tx: Transaction, entry: OutboxEntry): Promise<void> {
    await query(
      tx,
      Prisma.sql`INSERT INTO outbox_messages (id, pattern, payload, headers) VALUES (${outboxRow(entry)})`,
      'outbox-insert',
    );
  }
}
