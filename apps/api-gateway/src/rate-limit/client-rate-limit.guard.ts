import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { ThrottlerLimitDetail } from '@nestjs/throttler';
import { HttpError } from '../common/errors/http-error';

/**
 * One budget per client address for all routes together (the library keys by route, which gave each
 * address its limit on every route). The address is `req.ip`: the socket's, or the one a trusted proxy
 * forwarded (TRUSTED_PROXIES, applied as express's `trust proxy`), so a client cannot choose its key.
 */
@Injectable()
export class ClientRateLimitGuard extends ThrottlerGuard {
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  /** Designate's 429 body; the base class has set Retry-After (seconds) already. */
  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new HttpError(
      429,
      'over_rate_limit',
      `Rate limit exceeded: at most ${detail.limit} requests a minute from one client; retry in ${detail.timeToBlockExpire} s`,
    );
  }
}
