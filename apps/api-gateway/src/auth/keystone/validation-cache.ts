/**
 * Token validations by token, each until its own expiry: least recently used entries go first once
 * `maxEntries` are held, so memory stays bounded whatever tokens clients send.
 */
export class ValidationCache<T> {
  /** A Map iterates in insertion order: re-inserting on each hit keeps the least recently used first. */
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` until `expiresAt` (epoch milliseconds). */
  set(key: string, value: T, expiresAt: number): void {
    this.entries.delete(key);
    if (expiresAt <= this.now()) return;
    this.entries.set(key, { value, expiresAt });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
