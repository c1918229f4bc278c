import { typeCode } from '../wire/types';
import { WireName } from '../wire/wire-name';
import { compareCanonical } from './canonical';

/**
 * The NSEC chain (RFC 4034 §4, RFC 4035 §2.3): the zone's owner names that hold authoritative data or a
 * delegation, in canonical order, each pointing at the next and the last back at the apex. Empty
 * non-terminals and names below a delegation or a DNAME (glue, occluded data) are not in it.
 */
export class NsecChain {
  private readonly names: string[] = [];
  private readonly wireNames = new Map<string, WireName>();

  get size(): number {
    return this.names.length;
  }

  has(name: string): boolean {
    return this.find(name).found;
  }

  /** Adds `name`; returns its predecessor, whose next name changes. */
  insert(name: string): string {
    const { index, found } = this.find(name);
    if (!found) this.names.splice(index, 0, name);
    return this.before(index);
  }

  /** Removes `name`; returns its former predecessor, whose next name changes. */
  remove(name: string): string | undefined {
    const { index, found } = this.find(name);
    if (!found) return undefined;
    this.names.splice(index, 1);
    this.wireNames.delete(name);
    return this.names.length ? this.before(index) : undefined;
  }

  /** The name after `name` in the ring. */
  next(name: string): string {
    const { index } = this.find(name);
    return this.names[(index + 1) % this.names.length];
  }

  all(): readonly string[] {
    return this.names;
  }

  private before(index: number): string {
    return this.names[(index - 1 + this.names.length) % this.names.length];
  }

  private wire(name: string): WireName {
    let wire = this.wireNames.get(name);
    if (!wire) this.wireNames.set(name, (wire = WireName.fromText(name)));
    return wire;
  }

  private find(name: string): { index: number; found: boolean } {
    const target = this.wire(name);
    let low = 0;
    let high = this.names.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const order = compareCanonical(this.wire(this.names[middle]), target);
      if (order === 0) return { index: middle, found: true };
      if (order < 0) low = middle + 1;
      else high = middle;
    }
    return { index: low, found: false };
  }
}

/** NSEC presentation rdata: the next owner and the types at this one, in type-number order. */
export function nsecText(next: string, types: Iterable<string>): string {
  const sorted = [...new Set(types)].sort((a, b) => (typeCode(a) ?? 0) - (typeCode(b) ?? 0));
  return `${next} ${sorted.join(' ')}`;
}
