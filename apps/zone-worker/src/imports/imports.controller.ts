import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';
import pLimit from 'p-limit';
import { TASK_EVENTS } from '@zonewarden/contracts';
import { ImportsService } from '@zonewarden/domain';
import { consumeMessage } from '@zonewarden/runtime';
import { ZoneWorkerConfig } from '../zone-worker.config';
import { parseImportRequest } from './import-request.contract';

/**
 * Import requests: each carried out by the domain's ImportsService (one transaction, the API's zone
 * creation). At most IMPORT_CONCURRENCY imports run at once, and never so many that they hold every
 * connection but one of the process (an import holds one for its whole run); the others wait their turn.
 */
@Controller()
export class ImportsController {
  private readonly logger = new Logger(ImportsController.name);
  private readonly turn: pLimit.Limit;

  constructor(
    config: ZoneWorkerConfig,
    private readonly imports: ImportsService,
  ) {
    this.turn = pLimit(Math.max(1, Math.min(config.IMPORT_CONCURRENCY, config.DATABASE_POOL_SIZE - 2)));
  }

  @EventPattern(TASK_EVENTS.importRequested)
  requested(@Payload() data: unknown, @Ctx() context: RmqContext) {
    return consumeMessage(
      context,
      parseImportRequest,
      data,
      (request) => this.turn(() => this.imports.carryOut(request)),
      this.logger,
    );
  }
}
