import { Logger } from '@nestjs/common';

/**
 * Runs `work` every `intervalMs`, never two runs at once; a failed run is logged and the next one tries
 * again. `stop` waits for a run in progress (graceful shutdown).
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<void>,
    private readonly logger: Logger,
  ) {}

  start(intervalMs: number, runNow = false): void {
    this.timer = setInterval(() => this.run(), intervalMs);
    if (runNow) this.run();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private run(): void {
    this.running ??= this.work()
      .catch((error: Error) => this.logger.warn(`${this.name} failed: ${error.message}`))
      .finally(() => (this.running = undefined));
  }
}
