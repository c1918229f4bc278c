import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { ServiceConfig, toInt } from '@zonewarden/config';

export class MiniDnsConfig extends ServiceConfig {
  /** The address to bind when it differs from MINIDNS_HOST, the address others reach it at (containers). */
  @IsOptional()
  @IsString()
  MINIDNS_LISTEN_HOST?: string;

  /** How long a zone's content may be served from memory without a change event (a safety net). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  MINIDNS_CACHE_TTL_MS = 30_000;
}
