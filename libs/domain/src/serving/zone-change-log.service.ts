import { Injectable } from '@nestjs/common';
import { ZoneChangeRow, ZoneChangesPosition, ZoneChangesRepository } from '@zonewarden/persistence';

/**
 * The zone change log a trigger on zones writes: mini-dns follows it to keep its copies current,
 * pool-manager prunes it.
 */
@Injectable()
export class ZoneChangeLogService {
  constructor(private readonly changes: ZoneChangesRepository) {}

  position(): Promise<ZoneChangesPosition> {
    return this.changes.position();
  }

  /** Rows of transactions from `fromTxid` on, in (txid, id) order after `after`, at most `limit`. */
  page(fromTxid: number, after: ZoneChangeRow | undefined, limit: number): Promise<ZoneChangeRow[]> {
    return this.changes.page(fromTxid, after, limit);
  }

  /** Deletes up to `limit` rows older than `before` (readers behind it resynchronise); how many. */
  prune(before: Date, limit: number): Promise<number> {
    return this.changes.prune(before, limit);
  }
}
