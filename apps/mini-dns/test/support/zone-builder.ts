import { SeededRandom } from './seeded-random';
import { GeneratedZone, ZoneRecord } from './zone-model';

const TTLS = [60, 300, 3600, 86400];

/** Collects one zone's records; names are relative to the zone (`@` is the apex) unless they end in a dot. */
export class ZoneBuilder {
  private readonly records: ZoneRecord[] = [];
  private readonly probes: string[] = [];

  constructor(
    readonly name: string,
    readonly random: SeededRandom,
  ) {}

  /** An absolute name: `@` the apex, `www` below it, `x.example.` as is. */
  abs(name: string): string {
    if (name === '@') return this.name;
    return name.endsWith('.') ? name : `${name}.${this.name}`;
  }

  /** One RRset: every record of it shares the TTL (BIND would otherwise take the first TTL for all). */
  add(owner: string, type: string, data: string | string[], ttl = this.random.pick(TTLS)): this {
    const absolute = this.abs(owner);
    for (const item of new Set(Array.isArray(data) ? data : [data]))
      this.records.push({ owner: absolute, type, ttl, data: item });
    return this;
  }

  addresses(owner: string): this {
    this.add(owner, 'A', this.random.ipv4());
    if (this.random.chance(0.5)) this.add(owner, 'AAAA', this.random.ipv6());
    return this;
  }

  probe(...names: string[]): this {
    this.probes.push(...names.map((name) => this.abs(name)));
    return this;
  }

  build(): GeneratedZone {
    return { name: this.name, records: this.records, probes: this.probes };
  }
}

/** The `index`th distinct IPv4 address of the documentation ranges (198.51.100.0/24, 203.0.113.0/24). */
export function ipv4At(index: number): string {
  return index < 254 ? `198.51.100.${index + 1}` : `203.0.113.${index - 253}`;
}

/** A TXT character-string of `length` random letters. */
export function longString(random: SeededRandom, length: number): string {
  return `"${random.label(length)}"`;
}
