import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { ClientRateLimitGuard } from './client-rate-limit.guard';

/**
 * Requests per minute per client address, all routes together (in memory: per gateway process),
 * answered 429 `over_rate_limit` with Retry-After beyond it. Health and metrics are not limited.
 */
@Module({})
export class RateLimitModule {
  static forRoot(perMinute: number): DynamicModule {
    if (perMinute === 0) return { module: RateLimitModule };
    return {
      module: RateLimitModule,
      imports: [ThrottlerModule.forRoot({ throttlers: [{ ttl: 60_000, limit: perMinute }] })],
      providers: [{ provide: APP_GUARD, useClass: ClientRateLimitGuard }],
    };
  }
}
