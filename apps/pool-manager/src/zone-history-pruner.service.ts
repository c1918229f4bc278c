import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HistoryRetentionService } from '@zonewarden/domain';
import { PeriodicTask } from '@zonewarden/runtime';
import { PoolManagerConfig } from './pool-manager.config';

/** Entries deleted per statement, so that no prune holds many row locks or runs long. */
const BATCH = 10_000;
/** How often the history is pruned (and once at start). */
const INTERVAL_MS = 600_000;

/**
 * Keeps the zones' history within ZONE_HISTORY_MAX_ENTRIES per zone and ZONE_HISTORY_MAX_AGE_DAYS (the
 * domain's HistoryRetentionService). Several pool-managers may prune at once.
 */
@Injectable()
export class ZoneHistoryPruner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ZoneHistoryPruner.name);
  private readonly task = new PeriodicTask('zone history prune', () => this.prune(), this.logger);

  constructor(
    private readonly config: PoolManagerConfig,
    private readonly retention: HistoryRetentionService,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(INTERVAL_MS, true);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async prune(): Promise<void> {
    const retention = {
      maxEntries: this.config.ZONE_HISTORY_MAX_ENTRIES,
      maxAgeDays: this.config.ZONE_HISTORY_MAX_AGE_DAYS,
    };
    const removed = await this.retention.prune(retention, new Date(), BATCH);
    if (removed > 0) this.logger.log(`zone history: ${removed} entries beyond the retention removed`);
  }
}
