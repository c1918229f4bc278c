import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';
import { TASK_EVENTS } from '@zonewarden/contracts';
import { SecondaryZonesService } from '@zonewarden/domain';
import { consumeMessage } from '@zonewarden/runtime';
import { parseXfrRequest } from './xfr-request.contract';

/** Transfers of SECONDARY zones from their masters, each carried out by the domain's SecondaryZonesService. */
@Controller()
export class XfrController {
  private readonly logger = new Logger(XfrController.name);

  constructor(private readonly secondaries: SecondaryZonesService) {}

  @EventPattern(TASK_EVENTS.xfrRequested)
  requested(@Payload() data: unknown, @Ctx() context: RmqContext) {
    return consumeMessage(
      context,
      parseXfrRequest,
      data,
      (request) => this.secondaries.transfer(request),
      this.logger,
    );
  }
}
