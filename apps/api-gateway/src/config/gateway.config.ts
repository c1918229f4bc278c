import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, ValidateIf } from 'class-validator';
import { ServiceConfig, loadConfig, toInt } from '@zonewarden/config';
import type { KeystoneSettings } from '../auth/keystone/keystone-client';
import { IsAddressOrCidr, toList } from './trusted-proxies';

/** The KEYSTONE_* settings the service's own credentials need: required with AUTH_STRATEGY=keystone. */
const WithKeystone = () => ValidateIf((config: GatewayConfig) => config.AUTH_STRATEGY === 'keystone');
const REQUIRED = { message: '$property is required when AUTH_STRATEGY=keystone' };

/** The gateway's environment, validated at start-up (README, Configuration). */
export class GatewayConfig extends ServiceConfig {
  /** Shorter than the workers': a request must get its 503 within 5 s when PostgreSQL stalls. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  override DATABASE_QUERY_TIMEOUT_MS = 4000;

  @IsString()
  API_HOST = '127.0.0.1';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  API_PORT = 9001;

  /** Processes serving the API (node:cluster workers sharing API_PORT); 1: the API runs in the main process. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  API_WORKERS = 1;

  /** Base of absolute links; by default taken from each request's Host. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  API_PUBLIC_URL?: string;

  @IsIn(['token', 'noauth', 'keystone'])
  AUTH_STRATEGY: 'token' | 'noauth' | 'keystone' = 'token';

  /** Keystone's v3 API, e.g. http://127.0.0.1:5000/v3 (as Designate's [keystone_authtoken] auth_url). */
  @WithKeystone()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, REQUIRED)
  KEYSTONE_AUTH_URL?: string;

  /** The service's own user, which validates users' tokens (an admin, or Keystone's service role). */
  @WithKeystone()
  @IsString(REQUIRED)
  KEYSTONE_USERNAME?: string;

  @WithKeystone()
  @IsString(REQUIRED)
  KEYSTONE_PASSWORD?: string;

  @WithKeystone()
  @IsString(REQUIRED)
  KEYSTONE_PROJECT_NAME?: string;

  @IsString()
  KEYSTONE_USER_DOMAIN_NAME = 'Default';

  @IsString()
  KEYSTONE_PROJECT_DOMAIN_NAME = 'Default';

  /** A validation Keystone has not answered in this long gives 503. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  KEYSTONE_TIMEOUT_MS = 5000;

  /** A validated token is trusted this long at most (within its expiry): a revocation shows within it. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  KEYSTONE_TOKEN_CACHE_SECONDS = 300;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  DEFAULT_PAGE_LIMIT = 20;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  MAX_PAGE_LIMIT = 1000;

  /** Requests per minute per client address; 0 turns rate limiting off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  RATE_LIMIT_PER_MINUTE = 6000;

  /**
   * Reverse proxies (addresses or CIDRs) whose X-Forwarded-For names the client: its address is then
   * the client's (rate limits, logs). Empty: no proxy is trusted, the socket's peer is the client.
   */
  @Transform(toList)
  @IsAddressOrCidr({ each: true })
  TRUSTED_PROXIES: string[] = [];

  /** Largest zonefile accepted by an import (text/dns), in bytes. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  MAX_ZONEFILE_BYTES = 33_554_432;

  /**
   * Answer as Designate 15 does where the seed's specification differs (docs/api-behaviour.md, "Designate's
   * status codes"): 202 for zone and record set changes and imports, `PENDING` zones until propagated, …
   */
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  DESIGNATE_STATUS_CODES = false;

  /** Largest JSON request body accepted, in bytes. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  MAX_JSON_BODY_BYTES = 1_048_576;
}

export function loadGatewayConfig(env: Record<string, string | undefined>): GatewayConfig {
  const config = loadConfig(GatewayConfig, env);
  if (config.DEFAULT_PAGE_LIMIT > config.MAX_PAGE_LIMIT) {
    throw new Error('invalid configuration: DEFAULT_PAGE_LIMIT must not exceed MAX_PAGE_LIMIT');
  }
  return config;
}

/** The KEYSTONE_* settings of a configuration validated with AUTH_STRATEGY=keystone. */
export function keystoneSettings(config: GatewayConfig): KeystoneSettings {
  return {
    authUrl: config.KEYSTONE_AUTH_URL!,
    username: config.KEYSTONE_USERNAME!,
    password: config.KEYSTONE_PASSWORD!,
    projectName: config.KEYSTONE_PROJECT_NAME!,
    userDomainName: config.KEYSTONE_USER_DOMAIN_NAME,
    projectDomainName: config.KEYSTONE_PROJECT_DOMAIN_NAME,
    timeoutMs: config.KEYSTONE_TIMEOUT_MS,
  };
}
