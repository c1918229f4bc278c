import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PropagationStateService } from '@zonewarden/domain';
import { isDatabaseUnavailable } from '@zonewarden/persistence';
import { PeriodicTask } from '@zonewarden/runtime';
import { PoolManagerConfig } from './pool-manager.config';
import { PropagationService } from './propagation.service';

/** Zones re-driven at once at most; fewer while storage is short of connections. */
const MAX_BATCH = 50;

/**
 * Re-drives zones whose action has been pending (or in ERROR) for longer than RECONCILE_AFTER_MS, so a
 * lost message, a crash or a target outage delays a zone but never strands it. Zones are claimed in
 * storage, so several pool-managers share the work without doing it twice.
 */
@Injectable()
export class ReconcilerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ReconcilerService.name);
  private readonly task = new PeriodicTask('reconcile', () => this.reconcile(), this.logger);
  private batch = MAX_BATCH;

  constructor(
    private readonly config: PoolManagerConfig,
    private readonly propagation: PropagationService,
    private readonly state: PropagationStateService,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.config.RECONCILE_INTERVAL_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /**
   * Claims up to `batch` zones and drives them at once. The batch halves when storage could not serve
   * them all (short of connections: the zones stay pending for the next round) and grows back after a
   * round that went through.
   */
  async reconcile(): Promise<void> {
    const stale = await this.state.reclaim(new Date(Date.now() - this.config.RECONCILE_AFTER_MS), this.batch);
    if (stale.length) this.logger.log(`re-driving ${stale.length} zone(s) with a pending action`);
    const results = await Promise.allSettled(stale.map((zoneId) => this.propagation.converge(zoneId)));
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    this.batch = failures.some(isDatabaseUnavailable)
      ? Math.max(1, Math.floor(this.batch / 2))
      : Math.min(MAX_BATCH, this.batch * 2);
    if (failures.length)
      throw new Error(`${failures.length} zone(s) not driven: ${(failures[0] as Error).message}`);
  }

  /** How many zones the next round claims at most. */
  get batchSize(): number {
    return this.batch;
  }
}
