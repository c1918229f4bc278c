import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, validateSync } from 'class-validator';
import { DEFAULT_DATABASE_URL, DatabaseOptions } from './database';
import { DEFAULT_POOL_ID, PoolConfig, defaultPools, loadPoolsFile } from './pools-file';
import { Quotas } from './quotas';

export const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;

/** What every app reads from the environment (README, Configuration). */
export class ServiceConfig {
  @IsString()
  DATABASE_URL: string = DEFAULT_DATABASE_URL;

  /** Every connection a process opens to PostgreSQL (the outbox listener and zone locks included). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  DATABASE_POOL_SIZE = 10;

  /** Connecting to PostgreSQL gives up after this long. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  DATABASE_CONNECT_TIMEOUT_MS = 3000;

  /** A statement running longer is cancelled (statement_timeout), or given up when PostgreSQL stalls. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  DATABASE_QUERY_TIMEOUT_MS = 30_000;

  @Matches(/^amqps?:\/\/\S+$/, { message: 'AMQP_URL must be an amqp:// or amqps:// URL' })
  AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';

  /** Prefix of the RabbitMQ exchange and queue names. */
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/)
  AMQP_NAMESPACE = 'zonewarden';

  /** Pools, their NS records, nameservers and targets (YAML); without it, one builtin pool. */
  @IsOptional()
  @IsString()
  POOLS_FILE?: string;

  /** Read by JsonLogger; validated here so that a typo fails the start rather than logging at random. */
  @IsIn(['error', 'warn', 'info', 'debug'])
  LOG_LEVEL = 'info';

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

  /**
   * Keys TSIG secrets are encrypted with at rest, `id=secret[,id=secret…]` (the first encrypts, every one
   * decrypts: rotation); unset, secrets are stored as given (as Designate stores them).
   */
  @IsOptional()
  @Matches(/^\s*[A-Za-z0-9_-]{1,32}=[^,]{16,}(,\s*[A-Za-z0-9_-]{1,32}=[^,]{16,})*$/, {
    message:
      'TSIG_KEY_ENCRYPTION_KEYS must be id=secret[,id=secret…] (ids of [A-Za-z0-9_-], secrets of 16+ characters)',
  })
  TSIG_KEY_ENCRYPTION_KEYS?: string;

  @IsString()
  MINIDNS_HOST = '127.0.0.1';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  MINIDNS_PORT = 5354;

  /** How often each process writes its heartbeat (/v2/service_statuses shows it DOWN after 3 missed). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  HEARTBEAT_INTERVAL_MS = 10_000;

  /**
   * DNSSEC (docs/dnssec.md): the key-encryption keys that protect the zones' private keys at rest,
   * `id=secret[,id=secret…]`, the current one first (secrets of 16 characters or more). Without it no
   * zone can be signed (PUT …/dnssec answers 503 dnssec_not_configured). Never logged.
   */
  @IsOptional()
  @IsString()
  DNSSEC_KEY_ENCRYPTION_KEYS?: string;

  /** TTL of DNSKEY, CDS and CDNSKEY, in seconds. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  DNSSEC_DNSKEY_TTL = 3600;

  /**
   * Seconds allowed for a change to reach every nameserver (and secondaries); the rollover timings add it
   * to the TTLs a resolver may cache (RFC 7583 §3.2).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  DNSSEC_PROPAGATION_DELAY = 3600;

  /** Seconds a zone-signing key signs before it is rolled over (pre-publication); 0 rolls only on request. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  DNSSEC_ZSK_LIFETIME = 90 * 86_400;

  /**
   * Seconds the old key-signing key stays (and signs DNSKEY) after a KSK rollover starts: time for the
   * parent to take the new DS (from the API or CDS) and for its old DS to expire from caches.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  DNSSEC_KSK_RETIRE_AFTER = 7 * 86_400;

  /** How often zone-worker looks for signed zones with signatures to refresh or a rollover step due. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  DNSSEC_MAINTENANCE_INTERVAL_MS = 60_000;

  /** Operations endpoint (/metrics, /health/*) of zone-worker and pool-manager; off when unset. */
  @IsString()
  OPS_HOST = '127.0.0.1';

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  OPS_PORT?: number;
}

/** Settings whose values are secrets: a start-up error names them without their value. */
const SECRET_SETTING = /PASSWORD|SECRET|ENCRYPTION_KEYS/;

/**
 * Reads and validates the environment into `type` (empty values count as unset, unknown variables
 * are ignored); throws one message naming every bad variable, so an app fails fast at start-up.
 */
export function loadConfig<T extends object>(type: new () => T, env: Record<string, string | undefined>): T {
  const set = Object.entries(env).filter(([, value]) => value !== undefined && value !== '');
  const config = plainToInstance(type, Object.fromEntries(set));
  const errors = validateSync(config, { whitelist: true });
  if (errors.length > 0) {
    const problems = errors.map(
      (e) =>
        `${e.property}=${SECRET_SETTING.test(e.property) && e.value !== undefined ? '(hidden)' : JSON.stringify(e.value)}: ${Object.values(e.constraints ?? {}).join(', ')}`,
    );
    throw new Error(`invalid configuration: ${problems.join('; ')}`);
  }
  return config;
}

export function poolsOf(config: ServiceConfig): PoolConfig[] {
  return config.POOLS_FILE
    ? loadPoolsFile(config.POOLS_FILE)
    : defaultPools({ host: config.MINIDNS_HOST, port: config.MINIDNS_PORT });
}

export function defaultQuotas(config: ServiceConfig): Quotas {
  return {
    zones: config.QUOTA_ZONES,
    zone_recordsets: config.QUOTA_ZONE_RECORDSETS,
    zone_records: config.QUOTA_ZONE_RECORDS,
    recordset_records: config.QUOTA_RECORDSET_RECORDS,
    api_export_size: config.QUOTA_API_EXPORT_SIZE,
  };
}

/** For an app's entry point: the validated configuration, or a one-line message and exit code 1. */
export function loadConfigOrExit<T extends object>(
  app: string,
  type: new () => T,
  env: Record<string, string | undefined>,
): T {
  try {
    return loadConfig(type, env);
  } catch (error) {
    console.error(`${app} failed to start: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** The storage settings of an app; `application` names its connections in pg_stat_activity. */
export function databaseOptions(config: ServiceConfig, application: string): DatabaseOptions {
  return {
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: `zonewarden-${application}`,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
    tsigKeyEncryptionKeys: config.TSIG_KEY_ENCRYPTION_KEYS,
  };
}
