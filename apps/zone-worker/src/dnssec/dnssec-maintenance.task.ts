import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DnssecMaintenanceService } from '@zonewarden/domain';
import { PeriodicTask } from '@zonewarden/runtime';
import { ZoneWorkerConfig } from '../zone-worker.config';

/** Runs the DNSSEC upkeep (DnssecMaintenanceService) every DNSSEC_MAINTENANCE_INTERVAL_MS. */
@Injectable()
export class DnssecMaintenanceTask implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DnssecMaintenanceTask.name);
  private readonly task = new PeriodicTask('DNSSEC maintenance', () => this.run(), this.logger);

  constructor(
    private readonly config: ZoneWorkerConfig,
    private readonly maintenance: DnssecMaintenanceService,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.config.DNSSEC_MAINTENANCE_INTERVAL_MS, true);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  private async run(): Promise<void> {
    const handled = await this.maintenance.runDue();
    if (handled > 0) this.logger.log(`DNSSEC maintenance: ${handled} zone(s)`);
  }
}
