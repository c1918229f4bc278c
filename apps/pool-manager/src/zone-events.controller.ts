import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';
import { ZONE_EVENTS, ZoneEventPattern } from '@zonewarden/contracts';
import { consumeMessage } from '@zonewarden/runtime';
import { PropagationService } from './propagation.service';
import { parseZoneEvent } from './zone-event.contract';

/**
 * Consumes zone events from the pool-manager queue. The work is idempotent (converge the zone to its
 * current state); when a message is dead-lettered, the zone's action stays pending and the reconciler
 * drives it again later.
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

  private handle(pattern: ZoneEventPattern, data: unknown, context: RmqContext): Promise<void> {
    return consumeMessage(
      context,
      (plain) => parseZoneEvent(pattern, plain),
      data,
      (event) => this.propagation.converge(event.zoneId),
      this.logger,
    );
  }
}
