import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import { ServiceConfig, toInt } from '@zonewarden/config';

export class MiniDnsConfig extends ServiceConfig {
  /** How long a zone's content may be served from memory without a change event (a safety net). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  MINIDNS_CACHE_TTL_MS = 30_000;
}
