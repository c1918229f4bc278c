import { emailToRname } from './names';

export interface SoaTimers {
  refresh: number;
  retry: number;
  expire: number;
  minimum: number;
}

/** An SOA's serial and timers: what a zonefile's SOA gives an imported zone. */
export interface SoaValues extends SoaTimers {
  serial: number;
}

/** The serial and timers of canonical SOA rdata (`mname rname serial refresh retry expire minimum`). */
export function soaValuesOf(data: string): SoaValues {
  const [serial, refresh, retry, expire, minimum] = data.split(' ').slice(2).map(Number);
  return { serial, refresh, retry, expire, minimum };
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
