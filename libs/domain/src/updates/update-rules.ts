import { RdataError, canonicalRdata } from '@zonewarden/dns';
import { rrsetKey } from '../changes/rrset-states';
import { RRsetState } from '../changes/zone-change';

/**
 * RFC 2136's rules for an UPDATE message, as pure functions over the record sets at the names it names: the
 * prescans of its prerequisite and update sections (§3.2, §3.4.1), the prerequisites (§3.2.5), and the
 * updates (§3.4.2) with BIND's reading where the RFC leaves a choice (an added record's TTL becomes its RRset's).
 */

/** A record of the prerequisite or update section: its CLASS says what it means (§2.4, §2.5). */
export interface UpdateRecord {
  /** Lower case, absolute, with its final dot. */
  name: string;
  /** `IN` (the zone's class), `ANY`, `NONE`, or any other class (`OTHER`: a format error). */
  class: 'IN' | 'ANY' | 'NONE' | 'OTHER';
  /** A type mnemonic, meta types (`ANY`, `AXFR`, …) included. */
  type: string;
  ttl: number;
  /** The record's data in presentation format; null when its RDLENGTH is 0. */
  data: string | null;
}

export type UpdateRcode = 'FORMERR' | 'NOTZONE' | 'NXDOMAIN' | 'YXDOMAIN' | 'NXRRSET' | 'YXRRSET' | 'REFUSED';

/** An UPDATE answered with this rcode, nothing applied; `reason` is for the logs and the tests. */
export class UpdateRefused extends Error {
  constructor(
    readonly rcode: UpdateRcode,
    readonly reason: string,
  ) {
    super(`${rcode}: ${reason}`);
  }
}

/** The record sets at the names an UPDATE names, by name and type (records in canonical form). */
export type ZoneState = Map<string, RRsetState & { name: string; type: string }>;

const META_TYPES = new Set(['ANY', 'AXFR', 'IXFR', 'MAILA', 'MAILB']);

const inZone = (name: string, zone: string) => name === zone || name.endsWith(`.${zone}`);
const refuse = (rcode: UpdateRcode, reason: string) => new UpdateRefused(rcode, reason);

/** §3.2's checks of the prerequisite section's form (TTL 0, names in the zone, classes and data as defined). */
export function prescanPrerequisites(zone: string, prerequisites: UpdateRecord[]): void {
  for (const rr of prerequisites) {
    if (rr.ttl !== 0) throw refuse('FORMERR', `prerequisite ${rr.name} ${rr.type}: TTL not 0`);
    if (!inZone(rr.name, zone)) throw refuse('NOTZONE', `prerequisite ${rr.name} is outside the zone`);
    if (rr.class === 'ANY' || rr.class === 'NONE') {
      if (rr.data !== null)
        throw refuse('FORMERR', `prerequisite ${rr.name} ${rr.type}: data with class ${rr.class}`);
      if (META_TYPES.has(rr.type) && rr.type !== 'ANY')
        throw refuse('FORMERR', `prerequisite ${rr.name}: type ${rr.type}`);
    } else if (rr.class === 'IN') {
      if (META_TYPES.has(rr.type)) throw refuse('FORMERR', `prerequisite ${rr.name}: type ${rr.type}`);
    } else {
      throw refuse('FORMERR', `prerequisite ${rr.name}: class`);
    }
  }
}

/** §3.4.1's checks of the update section's form. */
export function prescanUpdates(zone: string, updates: UpdateRecord[]): void {
  for (const rr of updates) {
    if (!inZone(rr.name, zone)) throw refuse('NOTZONE', `update ${rr.name} is outside the zone`);
    const what = `update ${rr.name} ${rr.type}`;
    if (rr.class === 'IN') {
      if (META_TYPES.has(rr.type)) throw refuse('FORMERR', `${what}: a meta type cannot be added`);
      if (rr.data === null) throw refuse('FORMERR', `${what}: no data to add`);
    } else if (rr.class === 'ANY') {
      if (rr.ttl !== 0 || rr.data !== null) throw refuse('FORMERR', `${what}: TTL or data with class ANY`);
      if (META_TYPES.has(rr.type) && rr.type !== 'ANY') throw refuse('FORMERR', `${what}: meta type`);
    } else if (rr.class === 'NONE') {
      if (rr.ttl !== 0 || rr.data === null)
        throw refuse('FORMERR', `${what}: a delete of one record needs TTL 0 and data`);
      if (META_TYPES.has(rr.type)) throw refuse('FORMERR', `${what}: meta type`);
    } else {
      throw refuse('FORMERR', `${what}: class`);
    }
  }
}

/** A record's data in canonical form (compared as the zone stores it); a FORMERR when it is not valid. */
export function canonicalData(type: string, data: string): string {
  try {
    return canonicalRdata(type, data);
  } catch (error) {
    if (error instanceof RdataError) throw refuse('FORMERR', `${type} ${data}: ${error.message}`);
    throw error;
  }
}

/** §3.2.5: the prerequisites against the zone as it stands, the first that fails deciding the rcode. */
export function checkPrerequisites(prerequisites: UpdateRecord[], state: ZoneState): void {
  const atName = (name: string) => [...state.values()].some((set) => set.name === name);
  const expected = new Map<string, { name: string; type: string; records: Set<string> }>();
  for (const rr of prerequisites) {
    const exists = state.has(rrsetKey(rr.name, rr.type));
    if (rr.class === 'ANY' && rr.type === 'ANY' && !atName(rr.name))
      throw refuse('NXDOMAIN', `${rr.name} is not in use`);
    if (rr.class === 'ANY' && rr.type !== 'ANY' && !exists)
      throw refuse('NXRRSET', `${rr.name} ${rr.type} does not exist`);
    if (rr.class === 'NONE' && rr.type === 'ANY' && atName(rr.name))
      throw refuse('YXDOMAIN', `${rr.name} is in use`);
    if (rr.class === 'NONE' && rr.type !== 'ANY' && exists)
      throw refuse('YXRRSET', `${rr.name} ${rr.type} exists`);
    if (rr.class === 'IN') {
      const key = rrsetKey(rr.name, rr.type);
      const set = expected.get(key) ?? { name: rr.name, type: rr.type, records: new Set<string>() };
      set.records.add(canonicalData(rr.type, rr.data ?? ''));
      expected.set(key, set);
    }
  }
  for (const [key, want] of expected) {
    const have = state.get(key)?.records ?? [];
    if (have.length !== want.records.size || have.some((record) => !want.records.has(record)))
      throw refuse('NXRRSET', `${want.name} ${want.type} is not the RRset stated`);
  }
}

/**
 * §3.4.2: the updates applied in order to a copy of the state; the new state. The zone's SOA and its apex NS
 * are the service's own: an update of them is refused (REFUSED), where the RFC would let some through — except
 * a delete of every RRset at the apex, which leaves them by the RFC's own rule.
 */
export function applyUpdates(zone: string, updates: UpdateRecord[], current: ZoneState): ZoneState {
  const state: ZoneState = new Map(
    [...current].map(([key, set]) => [key, { ...set, records: [...set.records] }]),
  );
  const typesAt = (name: string) =>
    [...state.values()].filter((set) => set.name === name).map((set) => set.type);
  for (const rr of updates) {
    const managed = rr.type === 'SOA' || (rr.type === 'NS' && rr.name === zone);
    if (managed) throw refuse('REFUSED', `${rr.name} ${rr.type} is the service's own`);
    const key = rrsetKey(rr.name, rr.type);
    if (rr.class === 'IN') {
      const types = typesAt(rr.name);
      // CNAME stands alone: a CNAME beside other data, or other data beside a CNAME, is ignored (RFC 2136).
      if (rr.type === 'CNAME' ? types.some((type) => type !== 'CNAME') : types.includes('CNAME')) continue;
      const record = canonicalData(rr.type, rr.data!);
      const set = state.get(key);
      if (rr.type === 'CNAME' || !set)
        state.set(key, { name: rr.name, type: rr.type, ttl: rr.ttl, records: [record] });
      else
        state.set(key, {
          ...set,
          ttl: rr.ttl,
          records: set.records.includes(record) ? set.records : [...set.records, record],
        });
    } else if (rr.class === 'ANY' && rr.type === 'ANY') {
      for (const type of typesAt(rr.name))
        if (!(rr.name === zone && (type === 'SOA' || type === 'NS'))) state.delete(rrsetKey(rr.name, type));
    } else if (rr.class === 'ANY') {
      state.delete(key);
    } else {
      const set = state.get(key);
      if (!set) continue;
      const record = canonicalData(rr.type, rr.data!);
      const records = set.records.filter((existing) => existing !== record);
      if (records.length) state.set(key, { ...set, records });
      else state.delete(key);
    }
  }
  return state;
}
