import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicTask } from '@zonewarden/runtime';
import { ExportsRepository, ImportsRepository } from '@zonewarden/persistence';
import { ZoneWorkerConfig } from './zone-worker.config';

const BATCH = 100;

/**
 * Requests again the imports and exports that have stayed PENDING for TASK_REDRIVE_AFTER_MS: their
 * message was lost (the in-process transport loses what a crash interrupts; a dead-lettered message
 * leaves its task pending). Handling is idempotent, so a duplicate request costs nothing; a task is
 * never left PENDING for good.
 */
@Injectable()
export class TaskRedriveService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TaskRedriveService.name);
  private readonly task = new PeriodicTask('task redrive', () => this.redrive(), this.logger);

  constructor(
    private readonly config: ZoneWorkerConfig,
    private readonly imports: ImportsRepository,
    private readonly exports: ExportsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.config.TASK_REDRIVE_INTERVAL_MS, true);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async redrive(): Promise<void> {
    const seconds = this.config.TASK_REDRIVE_AFTER_MS / 1000;
    const imports = await this.imports.requestStaleAgain(seconds, BATCH);
    const exports = await this.exports.requestStaleAgain(seconds, BATCH);
    if (imports + exports > 0)
      this.logger.warn(`requested again ${imports} import(s) and ${exports} export(s) left pending`);
  }
}
