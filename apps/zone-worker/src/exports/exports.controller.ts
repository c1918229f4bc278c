import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';
import { TASK_EVENTS } from '@zonewarden/contracts';
import { ExportsService } from '@zonewarden/domain';
import { consumeMessage } from '@zonewarden/runtime';
import { parseExportRequest } from './export-request.contract';

/** Export requests: each completed by the domain's ExportsService. */
@Controller()
export class ExportsController {
  private readonly logger = new Logger(ExportsController.name);

  constructor(private readonly exports: ExportsService) {}

  @EventPattern(TASK_EVENTS.exportRequested)
  requested(@Payload() data: unknown, @Ctx() context: RmqContext) {
    return consumeMessage(
      context,
      parseExportRequest,
      data,
      (request) => this.exports.complete(request),
      this.logger,
    );
  }
}
