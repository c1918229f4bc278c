import { Injectable } from '@nestjs/common';
import { PrismaService } from './prisma.service';
import { withTransaction } from './sql';
import { Autocommit, Transaction } from './transaction';

/**
 * The domain's way into storage: a transaction for a change (committed when `work` resolves, rolled back
 * when it throws), or statements outside any for reads. Repositories take either; only libs/persistence
 * sees the connection behind them.
 */
@Injectable()
export class Storage {
  constructor(private readonly prisma: PrismaService) {}

  get autocommit(): Autocommit {
    return this.prisma.pg as unknown as Autocommit;
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return withTransaction(this.prisma.pg, work);
  }

  /** Resolves when the database answers within `timeoutMs` (readiness). */
  ping(timeoutMs: number): Promise<void> {
    return this.prisma.ping(timeoutMs);
  }
}
