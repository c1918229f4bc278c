import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { ServiceConfig, toInt } from '@zonewarden/config';

export class MiniDnsConfig extends ServiceConfig {
  /** The address to bind when it differs from MINIDNS_HOST, the address others reach it at (containers). */
  @IsOptional()
  @IsString()
  MINIDNS_LISTEN_HOST?: string;

  /** How often the zone change log is read (also read at once on every zone event). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  MINIDNS_CATCH_UP_INTERVAL_MS = 2000;

  /** How many records the zones kept in memory may hold in all (least recently used zones make room). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  MINIDNS_CACHE_MAX_RECORDS = 200_000;
}
