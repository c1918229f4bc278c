import { emailToRname } from './names';

export interface SoaTimers {
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
}

/** Designate's defaults (designate/conf/base.py), minus the random refresh jitter. */
export const DEFAULT_SOA_TIMERS: SoaTimers = { refresh: 3600, retry: 600, expire: 86400, minimum: 3600 };

export function soaRecordData(
  primaryNameserver: string,
  email: string,
  serial: number,
  timers: SoaTimers = DEFAULT_SOA_TIMERS,
): string {
  return [
    primaryNameserver,
    emailToRname(email),
    serial,
    timers.refresh,
    timers.retry,
    timers.expire,
    timers.minimum,
  ].join(' ');
}
