import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService, Tx } from '../prisma.service';

@Injectable()
export class ProcessedMessagesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Runs `work` once per (consumer, message id): the id is recorded in the same transaction as the
   * work, so a redelivered message is skipped and a crash before commit leaves it to be redone.
   * Returns false when the message had already been handled.
   */
  async processOnce(consumer: string, messageId: string, work: (tx: Tx) => Promise<void>): Promise<boolean> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const inserted = await tx.$executeRaw(Prisma.sql`
          INSERT INTO processed_messages (consumer, message_id) VALUES (${consumer}, ${messageId})
          ON CONFLICT DO NOTHING`);
        if (inserted === 0) return false;
        await work(tx);
        return true;
      });
    } catch (error) {
      // Two deliveries of one message racing: the loser's insert conflicts at commit.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return false;
      throw error;
    }
  }
}
