import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query, withTransaction } from '../sql';

export interface PendingMessage {
  id: string;
  pattern: string;
  payload: unknown;
  headers: Record<string, string>;
  /** How long it had waited in the outbox when claimed for publishing (the relay's lag). */
  waitedSeconds: number;
}

export interface OutboxBacklog {
  pending: number;
  /** Age of the oldest unpublished message; 0 when none waits. */
  oldestSeconds: number;
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
   * share the work), publishes them all at once in order (one broker round trip for the batch, not one a
   * message), and marks published those before the first failure, in the same transaction. The first
   * failed message and every one after it stay pending for the next attempt (in order, again; one of them
   * the broker confirmed meanwhile is published twice: delivery is at least once either way).
   */
  async drain(publish: (message: PendingMessage) => Promise<void>, batchSize: number): Promise<DrainResult> {
    return withTransaction(this.prisma.pg, async (tx) => {
      const batch = await query<PendingMessage>(
        tx,
        Prisma.sql`SELECT id, pattern, payload, headers,
            extract(epoch FROM (now() AT TIME ZONE 'UTC') - created_at)::float8 AS "waitedSeconds"
          FROM outbox_messages
          WHERE published_at IS NULL AND available_at <= now() AT TIME ZONE 'UTC'
          ORDER BY created_at, id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`,
        'outbox-claim',
      );
      const outcomes = await Promise.allSettled(batch.map((message) => publish(message)));
      const failed = outcomes.findIndex((outcome) => outcome.status === 'rejected');
      const published = (failed < 0 ? batch : batch.slice(0, failed)).map((message) => message.id);
      let failure: Error | undefined;
      if (failed >= 0) {
        const reason = (outcomes[failed] as PromiseRejectedResult).reason as unknown;
        failure = reason instanceof Error ? reason : new Error(String(reason));
        await query(
          tx,
          Prisma.sql`UPDATE outbox_messages SET attempts = attempts + 1, last_error = ${failure.message.slice(0, 500)}
            WHERE id = ${batch[failed].id}::uuid`,
        );
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

  async backlog(): Promise<OutboxBacklog> {
    const [row] = await query<OutboxBacklog>(
      this.prisma.pg,
      Prisma.sql`SELECT count(*)::int AS pending,
          coalesce(extract(epoch FROM (now() AT TIME ZONE 'UTC') - min(created_at)), 0)::float8 AS "oldestSeconds"
        FROM outbox_messages WHERE published_at IS NULL`,
    );
    return row;
  }

  /** Published messages are kept a while for inspection, then removed. */
  async deletePublishedBefore(cutoff: Date): Promise<number> {
    const [{ count }] = await query<{ count: number }>(
      this.prisma.pg,
      Prisma.sql`WITH deleted AS (DELETE FROM outbox_messages
          WHERE published_at < ${cutoff.toISOString()}::timestamptz AT TIME ZONE 'UTC' RETURNING 1)
        SELECT count(*)::int AS count FROM deleted`,
    );
    return count;
  }
}
