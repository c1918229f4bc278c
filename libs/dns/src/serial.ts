/** The largest SOA serial (RFC 1035: an unsigned 32-bit number). */
export const MAX_SERIAL = 4294967295;

export function unixSeconds(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000);
}

/**
 * A zone's next serial: the current time, or one more than the previous serial if that is not greater.
 * Past the largest serial it wraps to 0, a step forward in serial arithmetic (RFC 1982): an imported
 * zone keeps its zonefile's serial, which may be that high.
 */
export function nextSerial(previous: number, now: Date = new Date()): number {
  const next = Math.max(unixSeconds(now), previous + 1);
  return next > MAX_SERIAL ? next - (MAX_SERIAL + 1) : next;
}

/** RFC 1982 serial arithmetic: whether serial `a` comes after `b`. */
export function serialIsNewer(a: number, b: number): boolean {
  return a !== b && ((a > b && a - b < 2 ** 31) || (a < b && b - a > 2 ** 31));
}
