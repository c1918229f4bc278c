import { Injectable } from '@nestjs/common';
import { ZoneHistoryRepository } from '@zonewarden/persistence';

/** How much of each zone's history is kept: its newest `maxEntries` entries, none older than `maxAgeDays`. */
export interface HistoryRetention {
  maxEntries: number;
  maxAgeDays: number;
}

const DAY_MS = 86_400_000;

/**
 * The history's retention (pool-manager prunes it periodically): an entry goes once it is older than the
 * age, or beyond the newest entries of its zone. A deleted zone's history went with it (ON DELETE CASCADE).
 */
@Injectable()
export class HistoryRetentionService {
  constructor(private readonly history: ZoneHistoryRepository) {}

  /**
   * Removes every entry beyond `retention` as of `now`, at most `batch` a statement (no prune holds many
   * row locks or runs long); how many it removed. Several processes may prune at once: they delete
   * disjoint or already-gone rows.
   */
  async prune(retention: HistoryRetention, now: Date, batch: number): Promise<number> {
    const before = new Date(now.getTime() - retention.maxAgeDays * DAY_MS);
    let total = 0;
    for (;;) {
      const removed = await this.history.prune(before, retention.maxEntries, batch);
      total += removed;
      // A statement removes up to `batch` of the old entries and up to `batch` of the crowded zones':
      // fewer than `batch` in all means neither kind had more.
      if (removed < batch) return total;
    }
  }
}
