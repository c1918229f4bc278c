import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { XfrRequestsService } from '@zonewarden/domain';
import { PeriodicTask } from '@zonewarden/runtime';
import { ZoneWorkerConfig } from '../zone-worker.config';

const BATCH = 100;

/**
 * The SOA timers of SECONDARY zones: every SECONDARY_REFRESH_INTERVAL_MS, the zones whose refresh (or
 * retry, after a failure) is due are claimed and their transfer requested through the outbox, as a NOTIFY
 * does; the transfer checks the masters' serial first.
 */
@Injectable()
export class SecondaryRefreshService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SecondaryRefreshService.name);
  private readonly task = new PeriodicTask('secondary zone refresh', () => this.refresh(), this.logger);

  constructor(
    private readonly config: ZoneWorkerConfig,
    private readonly xfrRequests: XfrRequestsService,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.config.SECONDARY_REFRESH_INTERVAL_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async refresh(): Promise<void> {
    await this.xfrRequests.requestDue(BATCH);
  }
}
