import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CatalogZonesService, ZoneChangeLogService } from '@zonewarden/domain';
import { PeriodicTask } from '@zonewarden/runtime';
import { PoolManagerConfig } from './pool-manager.config';

/** Rows deleted per statement, so that no prune holds many row locks or runs long. */
const BATCH = 10_000;
/** How often the log is pruned. */
const INTERVAL_MS = 60_000;

/**
 * Deletes the zone change log's rows older than ZONE_CHANGES_RETENTION_MS (mini-dns catches up from it
 * every few seconds), and the catalog zones' members removed long ago (CatalogZonesService.prune). Several
 * pool-managers may prune at once: they delete disjoint or already-gone rows.
 */
@Injectable()
export class ZoneChangesPruner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ZoneChangesPruner.name);
  private readonly task = new PeriodicTask('zone change log prune', () => this.prune(), this.logger);

  constructor(
    private readonly config: PoolManagerConfig,
    private readonly changes: ZoneChangeLogService,
    private readonly catalogZones: CatalogZonesService,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(INTERVAL_MS, true);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async prune(): Promise<void> {
    const before = new Date(Date.now() - this.config.ZONE_CHANGES_RETENTION_MS);
    let pruned: number;
    do pruned = await this.changes.prune(before, BATCH);
    while (pruned === BATCH);
    await this.catalogZones.prune();
  }
}
