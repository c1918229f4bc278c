import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
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
export class ReconcilerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReconcilerService.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly config: PoolManagerConfig,
    private readonly propagation: PropagationService,
    private readonly zones: ZonesRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.reconcile()
        .catch((error: Error) => this.logger.warn(`reconcile failed: ${error.message}`))
        .finally(() => (this.running = undefined));
    }, this.config.RECONCILE_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async reconcile(): Promise<void> {
    const stale = await this.zones.claimStale(new Date(Date.now() - this.config.RECONCILE_AFTER_MS), BATCH);
    if (stale.length) this.logger.log(`re-driving ${stale.length} zone(s) with a pending action`);
    await Promise.all(stale.map((zoneId) => this.propagation.converge(zoneId)));
  }
}
