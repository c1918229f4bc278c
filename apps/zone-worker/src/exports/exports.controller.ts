import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';
import { ExportRequestedV1, TASK_EVENTS } from '@zonewarden/contracts';
import { consumeMessage } from '@zonewarden/messaging';
import { ExportsRepository, ZonePropagationRepository } from '@zonewarden/persistence';

/** Where the API serves a completed export's content (Designate's `designate://…` scheme, ours). */
export const exportLocation = (exportId: string) => `zonewarden://v2/zones/tasks/exports/${exportId}/export`;

/**
 * Completes requested exports. The content itself is rendered, streamed, when it is fetched, so it
 * always shows the zone as it is (its current SOA serial included); here the export is checked and
 * marked COMPLETE — once: a redelivered request finds it no longer pending.
 */
@Controller()
export class ExportsController {
  private readonly logger = new Logger(ExportsController.name);

  constructor(
    private readonly exports: ExportsRepository,
    private readonly zones: ZonePropagationRepository,
  ) {}

  @EventPattern(TASK_EVENTS.exportRequested)
  requested(@Payload() data: unknown, @Ctx() context: RmqContext) {
    return consumeMessage(context, ExportRequestedV1, data, (request) => this.complete(request), this.logger);
  }

  private async complete(request: ExportRequestedV1): Promise<void> {
    const zone = await this.zones.findById(request.zoneId);
    const outcome = zone
      ? ({ status: 'COMPLETE', location: exportLocation(request.exportId) } as const)
      : ({ status: 'ERROR', message: 'The zone no longer exists' } as const);
    await this.exports.finish(request.exportId, outcome);
  }
}
