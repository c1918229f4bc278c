import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query, withTransaction } from '../sql';

export interface PendingMessage {
  id: string;
  pattern: string;
  payload: unknown;
  headers: Record<string, string>;
}

export interface DrainResult {
  published: number;
  error?: Error;
}

@Injectable()
export class OutboxRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Claims up to `batchSize` unpublished messages (rows locked with SKIP LOCKED, so several relays
   * share the work), publishes them in order, and marks the published ones in the same transaction.
   * Publishing stops at the first failure; the rest stay pending for the next attempt.
   */
  async drain(publish: (message: PendingMessage) => Promise<void>, batchSize: number): Promise<DrainResult> {
    return withTransaction(this.prisma.pg, async (tx) => {
      const batch = await query<PendingMessage>(
        tx,
        Prisma.sql`SELECT id, pattern, payload, headers FROM outbox_messages
          WHERE published_at IS NULL AND available_at <= now() AT TIME ZONE 'UTC'
          ORDER BY created_at, id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`,
        'outbox-claim',
      );
      const published: string[] = [];
      let failure: Error | undefined;
      for (const message of batch) {
        try {
          await publish(message);
          published.push(message.id);
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
          await query(
            tx,
            Prisma.sql`UPDATE outbox_messages SET attempts = attempts + 1, last_error = ${failure.message.slice(0, 500)}
              WHERE id = ${message.id}::uuid`,
          );
          break;
        }
      }
      if (published.length > 0) {
        await query(
          tx,
          Prisma.sql`UPDATE outbox_messages SET published_at = now() AT TIME ZONE 'UTC' WHERE id = ANY(${published}::uuid[])`,
          'outbox-mark-published',
        );
      }
      return { published: published.length, error: failure };
    });
  }

  async pendingCount(): Promise<number> {
    return this.prisma.outboxMessage.count({ where: { publishedAt: null } });
  }

  /** Published messages are kept a while for inspection, then removed. */
  async deletePublishedBefore(cutoff: Date): Promise<number> {
    const { count } = await this.prisma.outboxMessage.deleteMany({ where: { publishedAt: { lt: cutoff } } });
    return count;
  }
}
