import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import type { Response } from 'express';
import { HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { OutboxRelayService } from '@zonewarden/outbox';
import { StorageStatusService } from '@zonewarden/domain';
import { SkipThrottle } from '@nestjs/throttler';
import { Public } from '../auth/public.decorator';

const DATABASE_TIMEOUT_MS = 1000;

/**
 * Liveness (the process answers) and readiness: ready means the gateway can take writes, i.e. PostgreSQL
 * answers — 200, or 503 naming what is down. The broker's state is reported beside it (`details.broker`,
 * and `zonewarden_broker_connected` in /metrics) without making the gateway unready: while RabbitMQ is
 * down, writes keep being accepted and their events wait in the outbox, so a load balancer must not turn
 * a broker outage into an API outage.
 */
@ApiTags('operations')
@Controller('health')
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly storage: StorageStatusService,
    private readonly relay: OutboxRelayService,
  ) {}

  @Get('live')
  @Public()
  @HealthCheck()
  @ApiOperation({ summary: 'Liveness', description: 'The process answers.' })
  live() {
    return this.health.check([]);
  }

  /** 503 carries terminus's report (what is down and why), not the API's error body. */
  @Get('ready')
  @Public()
  @HealthCheck()
  @ApiOperation({
    summary: 'Readiness',
    description:
      "200 when PostgreSQL answers, else 503 with terminus's report (not the API's error body). The broker's state is in `details.broker` and does not make the gateway unready.",
  })
  async ready(@Res({ passthrough: true }) res: Response) {
    let report: HealthCheckResult;
    try {
      report = await this.health.check([() => this.database()]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(503);
      report = error.getResponse() as HealthCheckResult;
    }
    return { ...report, details: { ...report.details, ...this.broker() } };
  }

  private async database() {
    const indicator = this.indicators.check('database');
    try {
      await this.storage.ping(DATABASE_TIMEOUT_MS);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }

  private broker() {
    const indicator = this.indicators.check('broker');
    return this.relay.isBrokerConnected()
      ? indicator.up()
      : indicator.down({ message: 'not connected to RabbitMQ: changes wait in the outbox' });
  }
}
