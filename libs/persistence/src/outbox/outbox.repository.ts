import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';

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
    return this.prisma.$transaction(
      async (tx) => {
        const batch = await tx.$queryRaw<PendingMessage[]>(Prisma.sql`
          SELECT id, pattern, payload, headers FROM outbox_messages
          WHERE published_at IS NULL AND available_at <= now()
          ORDER BY created_at, id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`);
        const published: string[] = [];
        let failure: Error | undefined;
        for (const message of batch) {
          try {
            await publish(message);
            published.push(message.id);
          } catch (error) {
            failure = error instanceof Error ? error : new Error(String(error));
            await tx.outboxMessage.update({
              where: { id: message.id },
              data: { attempts: { increment: 1 }, lastError: failure.message.slice(0, 500) },
            });
            break;
          }
        }
        if (published.length > 0) {
          await tx.outboxMessage.updateMany({ where: { id: { in: published } }, data: { publishedAt: new Date() } });
        }
        return { published: published.length, error: failure };
      },
      { timeout: 60_000 },
    );
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
