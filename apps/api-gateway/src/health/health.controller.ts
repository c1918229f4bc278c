import { ApiTags } from '@nestjs/swagger';
import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import type { Response } from 'express';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { OutboxRelayService } from '@zonewarden/messaging';
import { PrismaService } from '@zonewarden/persistence';
import { SkipThrottle } from '@nestjs/throttler';
import { Public } from '../auth/public.decorator';

const DATABASE_TIMEOUT_MS = 1000;

/**
 * Liveness (the process answers) and readiness (PostgreSQL answers and RabbitMQ is connected): 200, or
 * 503 naming what is down. A load balancer stops sending traffic while not ready; nothing is lost
 * meanwhile, as the outbox holds events until the broker is back.
 */
@ApiTags('operations')
@Controller('health')
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly prisma: PrismaService,
    private readonly relay: OutboxRelayService,
  ) {}

  @Get('live')
  @Public()
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /** 503 carries terminus's report (what is down and why), not the API's error body. */
  @Get('ready')
  @Public()
  @HealthCheck()
  async ready(@Res({ passthrough: true }) res: Response) {
    try {
      return await this.health.check([() => this.database(), () => this.broker()]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(503);
      return error.getResponse();
    }
  }

  private async database() {
    const indicator = this.indicators.check('database');
    try {
      await this.prisma.ping(DATABASE_TIMEOUT_MS);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }

  private broker() {
    const indicator = this.indicators.check('broker');
    return this.relay.isBrokerConnected()
      ? indicator.up()
      : indicator.down({ message: 'not connected to RabbitMQ' });
  }
}
