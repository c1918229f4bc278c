import { RRsetChange, RRsetState } from './zone-change';

/** Record sets in name, then type order (by code point: the same everywhere, whatever the locale). */
export const byNameAndType = (a: { name: string; type: string }, b: { name: string; type: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : 0;

/** A record set's identity within its zone. */
export const rrsetKey = (name: string, type: string) => `${name} ${type}`;

/** Whether two states of a record set hold the same TTL and records (null: absent). */
export function sameState(a: RRsetState | null, b: RRsetState | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.ttl !== b.ttl || a.records.length !== b.records.length) return false;
  const records = new Set(a.records);
  return b.records.every((record) => records.has(record));
}

/** A record set with its name and type, as a whole zone's content lists them. */
export interface NamedRRset extends RRsetState {
  name: string;
  type: string;
}

/**
 * The record sets whose content differs between two contents of a zone (a transfer replacing it), in name
 * and type order; the SOA aside (its serial changes with every content, and the change's serials say it).
 */
export function contentDifference(before: NamedRRset[], after: NamedRRset[]): RRsetChange[] {
  const state = (set: NamedRRset): RRsetState => ({ ttl: set.ttl, records: [...set.records].sort() });
  const sides = new Map<
    string,
    { name: string; type: string; before: RRsetState | null; after: RRsetState | null }
  >();
  for (const set of before)
    sides.set(rrsetKey(set.name, set.type), {
      name: set.name,
      type: set.type,
      before: state(set),
      after: null,
    });
  for (const set of after) {
    const key = rrsetKey(set.name, set.type);
    const side = sides.get(key) ?? { name: set.name, type: set.type, before: null, after: null };
    sides.set(key, { ...side, after: state(set) });
  }
  return [...sides.values()]
    .filter((change) => change.type !== 'SOA' && !sameState(change.before, change.after))
    .sort(byNameAndType);
}
