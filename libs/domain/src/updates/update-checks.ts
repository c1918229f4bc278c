import { GrantName, RecordSetRecord } from '@zonewarden/persistence';
import { RRsetChange } from '../changes/zone-change';
import {
  canonicalRecords,
  checkPlacement,
  checkSiblings,
  recordSetName,
  recordSetType,
} from '../recordsets/recordset-rules';
import { belongsInChildZone } from '../recordsets/recordsets.errors';
import { grantCoversName, grantCoversType } from './update-grant-rules';
import { UpdateRecord, UpdateRefused, ZoneState } from './update-rules';

/**
 * What a dynamic update must pass beyond RFC 2136's own rules (update-rules.ts): its key's grant, and every
 * rule a record set written through the API passes. Each failure is REFUSED, nothing applied.
 */

/** The largest TTL storage holds (a signed 32-bit integer), as the API takes. */
export const MAX_UPDATE_TTL = 2147483647;

interface Grant {
  keyName: string;
  names: GrantName[];
  types: string[];
}

const refused = (reason: string) => new UpdateRefused('REFUSED', reason);

/**
 * RFC 2136 §3.3, as BIND's update-policy: each update's name must be the grant's, and its type (a delete of
 * every RRset at a name: see checkGrantCovers, which judges what it removes).
 */
export function checkGrant(grant: Grant, updates: UpdateRecord[]): void {
  for (const rr of updates) {
    if (!grantCoversName(grant, rr.name)) throw refused(`key ${grant.keyName} may not change ${rr.name}`);
    if (rr.type !== 'ANY' && !grantCoversType(grant, rr.type))
      throw refused(`key ${grant.keyName} may not change ${rr.name} ${rr.type}`);
  }
}

/** Every record set the update changes is one the grant covers (what a delete of a whole name removes too). */
export function checkGrantCovers(grant: Grant, rrsets: RRsetChange[]): void {
  for (const { name, type } of rrsets)
    if (!grantCoversName(grant, name) || !grantCoversType(grant, type))
      throw refused(`key ${grant.keyName} may not change ${name} ${type}`);
}

/**
 * The API's record set rules on each record set the update creates or changes — name, type, placement,
 * the child zone a name belongs in, records, TTL — and CNAME alone at its name; the service's own record
 * sets (SOA, apex NS) untouched. A rule's DomainError is thrown as it is (the caller answers REFUSED).
 */
export function checkContent(
  zone: { name: string },
  rrsets: RRsetChange[],
  current: RecordSetRecord[],
  result: ZoneState,
  childZoneOf: (name: string) => string | undefined,
): void {
  const managed = new Set(current.filter((set) => set.managed).map((set) => `${set.name} ${set.type}`));
  for (const { name, type, after } of rrsets) {
    if (managed.has(`${name} ${type}`)) throw refused(`${name} ${type} is the service's own`);
    if (!after) continue;
    recordSetName(name);
    recordSetType(type);
    checkPlacement(zone, name, type);
    const child = childZoneOf(name);
    if (child) throw belongsInChildZone(child);
    canonicalRecords(type, after.records);
    if (after.ttl !== null && (after.ttl < 0 || after.ttl > MAX_UPDATE_TTL))
      throw refused(`${name} ${type}: TTL ${after.ttl} is beyond ${MAX_UPDATE_TTL}`);
    const types = [...result.values()].filter((set) => set.name === name).map((set) => set.type);
    checkSiblings(
      name,
      type,
      types.filter((other) => other !== type),
    );
  }
}
