/** The largest SOA serial (RFC 1035: an unsigned 32-bit number). */
export const MAX_SERIAL = 4294967295;

export function unixSeconds(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000);
}

/** A zone's next serial: the current time, or one more than the previous serial if that is not greater. */
export function nextSerial(previous: number, now: Date = new Date()): number {
  return Math.max(unixSeconds(now), previous + 1);
}
