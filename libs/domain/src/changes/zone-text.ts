import { ZonefileError, canonicalRdata, parseZonefile } from '@zonewarden/dns';
import { badRequest } from '../common.errors';
import { BatchActionInput } from './batch-plan';

/** A record set as the zone holds it (`ttl` null: the zone's TTL). */
export interface TextRecordSet {
  name: string;
  type: string;
  ttl: number | null;
  records: string[];
}

/** The batch that makes a zone's record sets those of a zonefile, and how many stay as they are. */
export interface ZoneTextBatch {
  changes: BatchActionInput[];
  unchanged: number;
}

/** The service's own record sets: the SOA and the apex NS, which a zonefile edit leaves as they are. */
const isServiceOwn = (set: { name: string; type: string }, zoneName: string) =>
  set.type === 'SOA' || (set.type === 'NS' && set.name === zoneName);

/** A record's rdata in the form records are compared in (as the API keeps it, when it parses). */
function comparable(type: string, data: string): string {
  try {
    return canonicalRdata(type, data);
  } catch {
    return data;
  }
}

const keyOf = (name: string, type: string) => `${name}\u0000${type}`;

/**
 * The difference between a zone's record sets and a zonefile of it (relative names are the zone's, a
 * record without TTL takes `$TTL` or else the zone's), as batch actions in name and type order: CREATE what
 * the file adds, UPSERT what it changes (its records or its TTL), DELETE what it leaves out. The SOA and the
 * apex NS are the service's and stay out of it. A record set whose TTL is the zone's keeps (or gets) no TTL
 * of its own unless it had one. Refuses a zonefile that does not parse (400, naming the line).
 */
export function zoneTextBatch(
  zone: { name: string; ttl: number },
  current: TextRecordSet[],
  zonefile: string,
): ZoneTextBatch {
  let parsed;
  try {
    parsed = parseZonefile(zonefile, { origin: zone.name, defaultTtl: zone.ttl });
  } catch (error) {
    if (error instanceof ZonefileError) throw badRequest(error.message);
    throw error;
  }
  const wanted = new Map<string, { name: string; type: string; ttl: number; records: Set<string> }>();
  for (const record of parsed.records) {
    if (isServiceOwn(record, zone.name)) continue;
    const key = keyOf(record.name, record.type);
    const set = wanted.get(key) ?? {
      name: record.name,
      type: record.type,
      ttl: record.ttl,
      records: new Set(),
    };
    set.records.add(comparable(record.type, record.data));
    wanted.set(key, set);
  }
  const existing = new Map(
    current.filter((set) => !isServiceOwn(set, zone.name)).map((set) => [keyOf(set.name, set.type), set]),
  );
  const changes: BatchActionInput[] = [];
  let unchanged = 0;
  for (const [key, set] of wanted) {
    const before = existing.get(key);
    const records = [...set.records].sort();
    const ttl = set.ttl === zone.ttl && (before?.ttl ?? null) === null ? null : set.ttl;
    if (!before) {
      changes.push({ action: 'CREATE', name: set.name, type: set.type, ttl, records });
      continue;
    }
    const beforeRecords = before.records.map((data) => comparable(before.type, data)).sort();
    const sameRecords =
      beforeRecords.length === records.length && beforeRecords.every((r, i) => r === records[i]);
    if (sameRecords && (before.ttl ?? zone.ttl) === set.ttl) unchanged++;
    else changes.push({ action: 'UPSERT', name: set.name, type: set.type, ttl, records });
  }
  for (const [key, set] of existing)
    if (!wanted.has(key)) changes.push({ action: 'DELETE', name: set.name, type: set.type });
  changes.sort((a, b) => (a.name === b.name ? a.type.localeCompare(b.type) : a.name.localeCompare(b.name)));
  return { changes, unchanged };
}
