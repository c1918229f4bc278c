import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { ServiceConfig, toInt } from '@zonewarden/config';

export class PoolManagerConfig extends ServiceConfig {
  /** Zone events handled at once (RabbitMQ prefetch). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  POOL_MANAGER_CONCURRENCY = 16;

  /** How long a change is retried (with exponential backoff) before the zone is marked ERROR. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  PROPAGATION_RETRY_BUDGET_MS = 120_000;

  /** First retry delay; doubles up to PROPAGATION_MAX_BACKOFF_MS. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  PROPAGATION_INITIAL_BACKOFF_MS = 100;

  @Transform(toInt)
  @IsInt()
  @Min(10)
  PROPAGATION_MAX_BACKOFF_MS = 5_000;

  /** Timeout of one SOA query or NOTIFY. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  DNS_QUERY_TIMEOUT_MS = 1_000;

  /** How often the reconciler looks for zones whose action has been pending too long. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  RECONCILE_INTERVAL_MS = 30_000;

  /** A zone whose action has been pending (or in ERROR) this long is driven again. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  RECONCILE_AFTER_MS = 60_000;

  /** How long rows of the zone change log are kept; a mini-dns that falls further behind reads all again. */
  @Transform(toInt)
  @IsInt()
  @Min(60_000)
  ZONE_CHANGES_RETENTION_MS = 3_600_000;

  /** Each zone's history keeps its newest entries, this many at most (the rest is pruned). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  ZONE_HISTORY_MAX_ENTRIES = 1000;

  /** Entries of a zone's history older than this many days are pruned. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(36_500)
  ZONE_HISTORY_MAX_AGE_DAYS = 365;
}
