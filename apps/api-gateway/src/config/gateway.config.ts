import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { ServiceConfig, loadConfig, toInt } from '@zonewarden/config';
import { DEFAULT_POOL_ID, Quotas } from '@zonewarden/persistence';

/** The gateway's environment, validated at start-up (README, Configuration). */
export class GatewayConfig extends ServiceConfig {
  @IsString()
  API_HOST = '127.0.0.1';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  API_PORT = 9001;

  /** Base of absolute links; by default taken from each request's Host. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  API_PUBLIC_URL?: string;

  @IsIn(['token', 'noauth'])
  AUTH_STRATEGY: 'token' | 'noauth' = 'token';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  DEFAULT_PAGE_LIMIT = 20;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  MAX_PAGE_LIMIT = 1000;

  /** Largest JSON request body accepted, in bytes. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  MAX_JSON_BODY_BYTES = 1_048_576;

  /** Default quotas per project (-1: unlimited); admins override them through /v2/quotas. */
  @Transform(toInt)
  @IsInt()
  @Min(-1)
  QUOTA_ZONES = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(-1)
  QUOTA_ZONE_RECORDSETS = 100_000;

  @Transform(toInt)
  @IsInt()
  @Min(-1)
  QUOTA_ZONE_RECORDS = 1_000_000;

  @Transform(toInt)
  @IsInt()
  @Min(-1)
  QUOTA_RECORDSET_RECORDS = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(-1)
  QUOTA_API_EXPORT_SIZE = 100_000;

  /** The pool new zones are placed in. */
  @IsString()
  DEFAULT_POOL_ID = DEFAULT_POOL_ID;
}

export function defaultQuotas(config: GatewayConfig): Quotas {
  return {
    zones: config.QUOTA_ZONES,
    zone_recordsets: config.QUOTA_ZONE_RECORDSETS,
    zone_records: config.QUOTA_ZONE_RECORDS,
    recordset_records: config.QUOTA_RECORDSET_RECORDS,
    api_export_size: config.QUOTA_API_EXPORT_SIZE,
  };
}

export function loadGatewayConfig(env: Record<string, string | undefined>): GatewayConfig {
  const config = loadConfig(GatewayConfig, env);
  if (config.DEFAULT_PAGE_LIMIT > config.MAX_PAGE_LIMIT) {
    throw new Error('invalid configuration: DEFAULT_PAGE_LIMIT must not exceed MAX_PAGE_LIMIT');
  }
  return config;
}
