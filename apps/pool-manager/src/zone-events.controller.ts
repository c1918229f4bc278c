import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';
import {
  ContractViolationError,
  ZONE_EVENTS,
  ZONE_EVENT_PAYLOADS,
  ZoneEventPattern,
  ZoneEventV1,
  parsePayload,
} from '@zonewarden/contracts';
import { PropagationService } from './propagation.service';

const HANDLING_ATTEMPTS = 3;

/**
 * Consumes zone events from the pool-manager queue. The work is idempotent (converge the zone to its
 * current state), and the message is acked only once it is done. A payload that breaks the contract is
 * dead-lettered at once; an unexpected failure (storage down) is retried, then dead-lettered — the
 * zone's action stays pending, so the reconciler drives it again later.
 */
@Controller()
export class ZoneEventsController {
  private readonly logger = new Logger(ZoneEventsController.name);

  constructor(private readonly propagation: PropagationService) {}

  @EventPattern(ZONE_EVENTS.created)
  created(@Payload() data: unknown, @Ctx() context: RmqContext) {
    return this.handle(ZONE_EVENTS.created, data, context);
  }

  @EventPattern(ZONE_EVENTS.updated)
  updated(@Payload() data: unknown, @Ctx() context: RmqContext) {
    return this.handle(ZONE_EVENTS.updated, data, context);
  }

  @EventPattern(ZONE_EVENTS.deleted)
  deleted(@Payload() data: unknown, @Ctx() context: RmqContext) {
    return this.handle(ZONE_EVENTS.deleted, data, context);
  }

  private async handle(pattern: ZoneEventPattern, data: unknown, context: RmqContext): Promise<void> {
    const channel = context.getChannelRef();
    const message = context.getMessage();
    try {
      const event = parsePayload<ZoneEventV1>(ZONE_EVENT_PAYLOADS[pattern], data);
      for (let attempt = 1; ; attempt++) {
        try {
          await this.propagation.converge(event.zoneId);
          break;
        } catch (error) {
          if (attempt >= HANDLING_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
        }
      }
      channel.ack(message);
    } catch (error) {
      const reason = error instanceof ContractViolationError ? 'breaks its contract' : 'could not be handled';
      this.logger.error(
        `${pattern} ${message.properties.messageId} ${reason}, dead-lettered: ${(error as Error).message}`,
      );
      channel.nack(message, false, false);
    }
  }
}
