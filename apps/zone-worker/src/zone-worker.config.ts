import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import { ServiceConfig, toInt } from '@zonewarden/config';

export class ZoneWorkerConfig extends ServiceConfig {
  /** An import or export PENDING this long since its request was written is requested again. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  TASK_REDRIVE_AFTER_MS = 300_000;

  /** How often zone-worker looks for such tasks. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  TASK_REDRIVE_INTERVAL_MS = 60_000;

  /**
   * Imports carried out at once; more wait their turn. Each holds its zone's record sets in memory until
   * they are stored, so this bounds the memory imports take (see docs/persistence.md, Imports).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  IMPORT_CONCURRENCY = 2;

  /** How often zone-worker looks for SECONDARY zones whose SOA refresh (or retry) is due. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  SECONDARY_REFRESH_INTERVAL_MS = 5_000;
}
