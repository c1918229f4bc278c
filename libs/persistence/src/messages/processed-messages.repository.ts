import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { isUniqueViolation, query, withTransaction } from '../sql';
import { Transaction } from '../transaction';

@Injectable()
export class ProcessedMessagesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Runs `work` once per (consumer, message id): the id is recorded in the same transaction as the
   * work, so a redelivered message is skipped and a crash before commit leaves it to be redone.
   * Returns false when the message had already been handled.
   */
  async processOnce(
    consumer: string,
    messageId: string,
    work: (tx: Transaction) => Promise<void>,
  ): Promise<boolean> {
    try {
      return await withTransaction(this.prisma.pg, async (tx) => {
        const inserted = await query(
          tx,
          Prisma.sql`INSERT INTO processed_messages (consumer, message_id) VALUES (${consumer}, ${messageId})
            ON CONFLICT DO NOTHING RETURNING message_id`,
          'processed-message-insert',
        );
        if (inserted.length === 0) return false;
        await work(tx);
        return true;
      });
    } catch (error) {
      // Two deliveries of one message racing: the loser waits on the winner's row, then conflicts.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
