import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { StaleTasksService } from '@zonewarden/domain';
import { PeriodicTask } from '@zonewarden/runtime';
import { ZoneWorkerConfig } from './zone-worker.config';

const BATCH = 100;

/**
 * Every TASK_REDRIVE_INTERVAL_MS, requests again the imports and exports that have stayed PENDING for
 * TASK_REDRIVE_AFTER_MS: their message was lost (the domain's StaleTasksService).
 */
@Injectable()
export class TaskRedriveService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TaskRedriveService.name);
  private readonly task = new PeriodicTask('task redrive', () => this.redrive(), this.logger);

  constructor(
    private readonly config: ZoneWorkerConfig,
    private readonly staleTasks: StaleTasksService,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.config.TASK_REDRIVE_INTERVAL_MS, true);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async redrive(): Promise<void> {
    const seconds = this.config.TASK_REDRIVE_AFTER_MS / 1000;
    const { imports, exports, abandonedPieces } = await this.staleTasks.redrive(seconds, BATCH);
    if (imports + exports > 0)
      this.logger.warn(`requested again ${imports} import(s) and ${exports} export(s) left pending`);
    if (abandonedPieces > 0)
      this.logger.log(`removed ${abandonedPieces} stored zonefile piece(s) of uploads with no import`);
  }
}
