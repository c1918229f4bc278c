import { Logger } from '@nestjs/common';
import { HttpError } from '../../common/errors/http-error';
import { Credentials, Identity, IdentityResolver } from '../identity';
import { KeystoneClient, KeystoneUnavailable } from './keystone-client';
import { ValidationCache } from './validation-cache';

const CACHE_MAX_ENTRIES = 10_000;
/** Fernet tokens are about 200 characters; anything far longer is no Keystone token, and not sent on. */
const MAX_TOKEN_LENGTH = 8192;

/**
 * `AUTH_STRATEGY=keystone`: `X-Auth-Token` validated by Keystone. A validation is cached until the
 * token expires but at most `cacheMs` (KEYSTONE_TOKEN_CACHE_SECONDS), so a revoked token stops working
 * within that window, as with keystonemiddleware's token_cache_time.
 */
export class KeystoneIdentityResolver implements IdentityResolver {
  private readonly logger = new Logger('Keystone');
  private readonly validations = new ValidationCache<Identity>(CACHE_MAX_ENTRIES);

  constructor(
    private readonly keystone: KeystoneClient,
    private readonly cacheMs: number,
  ) {}

  async resolve({ token }: Credentials): Promise<Identity | null> {
    if (!token || token.length > MAX_TOKEN_LENGTH) return null;
    const cached = this.validations.get(token);
    if (cached) return cached;
    const validated = await this.keystone.validate(token).catch((error: unknown) => {
      if (!(error instanceof KeystoneUnavailable)) throw error;
      this.logger.warn(`token not validated: ${error.message}`);
      throw new HttpError(503, 'service_unavailable', 'The identity service is unavailable; retry shortly');
    });
    if (!validated) return null;
    this.validations.set(token, validated.identity, Math.min(validated.expiresAt, Date.now() + this.cacheMs));
    return validated.identity;
  }
}
