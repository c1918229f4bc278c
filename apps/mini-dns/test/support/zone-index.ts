import { WireName } from '@zonewarden/dns';
import { GeneratedZone } from './zone-model';

/** What a query name is in its zone, so differences can be counted by the shape of the query. */
export type NameKind =
  | 'apex'
  | 'owner'
  | 'wildcard-owner'
  | 'empty-non-terminal'
  | 'wildcard-match'
  | 'delegation'
  | 'below-delegation'
  | 'below-dname'
  | 'nxdomain'
  | 'odd-bytes'
  | 'out-of-zone';

const PLAIN_LABEL = /^[A-Za-z0-9_*-]+$/;

/** A generated zone's names, for picking query names and telling what each is (RFC 4592 terms). */
export class ZoneIndex {
  readonly apex: WireName;
  /** Owner names as written (letter case kept), each with the types it holds. */
  readonly owners = new Map<string, { name: string; types: Set<string> }>();
  readonly emptyNonTerminals = new Map<string, string>();
  private readonly cuts = new Set<string>();
  private readonly dnames = new Set<string>();

  constructor(readonly zone: GeneratedZone) {
    this.apex = WireName.fromText(zone.name);
    for (const record of zone.records) {
      const name = WireName.fromText(record.owner);
      const entry = this.owners.get(name.key) ?? { name: record.owner, types: new Set<string>() };
      entry.types.add(record.type);
      this.owners.set(name.key, entry);
      if (record.type === 'NS') this.cuts.add(name.key);
      if (record.type === 'DNAME') this.dnames.add(name.key);
    }
    for (const { name } of this.owners.values()) {
      const wire = WireName.fromText(name);
      for (let i = 1; i < wire.labelCount - this.apex.labelCount; i++) {
        const key = wire.suffixKey(i);
        if (!this.owners.has(key)) this.emptyNonTerminals.set(key, `${wire.suffixText(i)}.`);
      }
    }
  }

  contains(name: WireName): boolean {
    return name.isWithin(this.apex);
  }

  kindOf(name: WireName): NameKind {
    if (!this.contains(name)) return 'out-of-zone';
    const below = name.labelCount - this.apex.labelCount;
    if (name.labels.slice(0, below).some((label) => !PLAIN_LABEL.test(label.toString('latin1'))))
      return 'odd-bytes';
    for (let i = below - 1; i >= 0; i--) {
      const key = name.suffixKey(i);
      if (this.cuts.has(key)) return i === 0 ? 'delegation' : 'below-delegation';
      if (this.dnames.has(key) && i > 0) return 'below-dname';
    }
    if (below === 0) return 'apex';
    if (this.owners.has(name.key)) return name.labels[0].toString() === '*' ? 'wildcard-owner' : 'owner';
    if (this.emptyNonTerminals.has(name.key)) return 'empty-non-terminal';
    return this.wildcardFor(name) ? 'wildcard-match' : 'nxdomain';
  }

  /** The types at a name: its own, or those of the wildcard that answers for it. */
  typesAt(name: WireName): string[] {
    if (this.emptyNonTerminals.has(name.key)) return [];
    const own = this.owners.get(name.key) ?? this.wildcardFor(name);
    return own ? [...own.types] : [];
  }

  /** The source of synthesis for a name that does not exist (RFC 4592 §3.3.1). */
  private wildcardFor(name: WireName) {
    for (let i = 1; i <= name.labelCount - this.apex.labelCount; i++) {
      const encloser = name.suffixKey(i);
      if (
        i === name.labelCount - this.apex.labelCount ||
        this.owners.has(encloser) ||
        this.emptyNonTerminals.has(encloser)
      )
        return this.owners.get(`*.${encloser}`);
    }
    return undefined;
  }
}
