import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, validateSync } from 'class-validator';
import { DEFAULT_DATABASE_URL } from '@zonewarden/persistence';

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** The gateway's environment, validated at start-up (see README, Configuration). */
export class GatewayConfig {
  @IsString()
  DATABASE_URL: string = DEFAULT_DATABASE_URL;

  @IsString()
  AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';

  /** Prefix of the RabbitMQ exchange and queue names. */
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/)
  AMQP_NAMESPACE = 'zonewarden';

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

  /** Largest JSON request body accepted. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  MAX_JSON_BODY_BYTES = 1_048_576;

  @IsOptional()
  @IsString()
  POOLS_FILE?: string;

  /** The pool new zones are placed in. */
  @IsString()
  DEFAULT_POOL_ID = '794ccc2c-d751-44fe-b57f-8894c9f5c842';

  @IsString()
  MINIDNS_HOST = '127.0.0.1';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  MINIDNS_PORT = 5354;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  DATABASE_POOL_SIZE = 10;
}

/** Reads the environment (empty values count as unset); throws one message listing every problem. */
export function loadGatewayConfig(env: Record<string, string | undefined>): GatewayConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const known = Object.keys(new GatewayConfig());
  const config = plainToInstance(
    GatewayConfig,
    Object.fromEntries(Object.entries(present).filter(([key]) => known.includes(key) || key === 'API_PUBLIC_URL' || key === 'POOLS_FILE')),
  );
  const errors = validateSync(config);
  if (errors.length > 0) {
    const problems = errors.map((e) => `${e.property}=${JSON.stringify(e.value)}: ${Object.values(e.constraints ?? {}).join(', ')}`);
    throw new Error(`invalid configuration: ${problems.join('; ')}`);
  }
  if (config.DEFAULT_PAGE_LIMIT > config.MAX_PAGE_LIMIT) {
    throw new Error('invalid configuration: DEFAULT_PAGE_LIMIT must not exceed MAX_PAGE_LIMIT');
  }
  return config;
}
