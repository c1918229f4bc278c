/** Designate's timestamp shape: UTC, no zone designator, microseconds (`YYYY-MM-DDTHH:MM:SS.ffffff`). */
export function formatTimestamp(date: Date): string;
export function formatTimestamp(date: Date | null): string | null;
export function formatTimestamp(date: Date | null): string | null {
  return date === null ? null : `${date.toISOString().slice(0, 23)}000`;
}
