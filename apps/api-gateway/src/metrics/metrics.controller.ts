import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { SkipThrottle } from '@nestjs/throttler';
import { Public } from '../auth/public.decorator';
import { Serves } from '../common/http/content-negotiation';
import { serviceRegistry } from '@zonewarden/runtime';
import { MetricsService } from './metrics.service';

/** Prometheus text format. Keep it off the public internet (a reverse proxy's job). */
@ApiTags('operations')
@Controller('metrics')
@SkipThrottle()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Public()
  @Serves('text/plain')
  @ApiOperation({ summary: 'Prometheus metrics', description: 'Keep it off the public internet.' })
  @ApiResponse({
    status: 200,
    description: 'The Prometheus text format.',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  async scrape(@Res() res: Response): Promise<void> {
    // The gateway's own metrics, then those of the messaging it runs (outbox relay; in all-in-one mode
    // also the consumers' and pool-manager's).
    const texts = await Promise.all([this.metrics.registry.metrics(), serviceRegistry.metrics()]);
    res.type(this.metrics.registry.contentType).send(texts.join('\n'));
  }
}
