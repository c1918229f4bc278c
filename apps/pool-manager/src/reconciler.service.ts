import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicTask } from '@zonewarden/messaging';
import { ZonesRepository } from '@zonewarden/persistence';
import { PoolManagerConfig } from './pool-manager.config';
import { PropagationService } from './propagation.service';

const BATCH = 50;

/**
 * Re-drives zones whose action has been pending (or in ERROR) for longer than RECONCILE_AFTER_MS, so a
 * lost message, a crash or a target outage delays a zone but never strands it. Zones are claimed in
 * storage, so several pool-managers share the work without doing it twice.
 */
@Injectable()
export class ReconcilerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ReconcilerService.name);
  private readonly task = new PeriodicTask('reconcile', () => this.reconcile(), this.logger);

  constructor(
    private readonly config: PoolManagerConfig,
    private readonly propagation: PropagationService,
    private readonly zones: ZonesRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.config.RECONCILE_INTERVAL_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async reconcile(): Promise<void> {
    const stale = await this.zones.claimStale(new Date(Date.now() - this.config.RECONCILE_AFTER_MS), BATCH);
    if (stale.length) this.logger.log(`re-driving ${stale.length} zone(s) with a pending action`);
    await Promise.all(stale.map((zoneId) => this.propagation.converge(zoneId)));
  }
}
