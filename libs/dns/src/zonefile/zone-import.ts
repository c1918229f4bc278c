import { ZonefileRecord } from './parser';
import { CnameConflict, ZoneHeader, ZoneImportChecks, cnameConflictError } from './zone-checks';

export interface ImportedRecordSet {
  name: string;
  type: string;
  ttl: number;
  records: string[];
}

export interface ImportedZone extends ZoneHeader {
  /** Every record set but the SOA and the apex NS, which the service provides itself. */
  recordsets: ImportedRecordSet[];
}

/** The record sets at one name: mostly one, so it is kept without an array. */
type SetsAtName = ImportedRecordSet | ImportedRecordSet[];

const NONE: ImportedRecordSet[] = [];
const setsOf = (atName: SetsAtName | undefined): ImportedRecordSet[] =>
  atName === undefined ? NONE : Array.isArray(atName) ? atName : [atName];

function setOfType(atName: SetsAtName | undefined, type: string): ImportedRecordSet | undefined {
  if (atName === undefined || Array.isArray(atName)) return atName?.find((set) => set.type === type);
  return atName.type === type ? atName : undefined;
}

/**
 * A zonefile as Designate imports it, in memory (zone-worker stores a large one without holding it, see
 * ImportTransaction): the zone is the origin, its email and TTL come from the SOA, and records group into
 * record sets, their TTL the smallest of theirs (as dnspython does), their records the distinct data.
 */
class ZoneImportReader {
  private readonly checks = new ZoneImportChecks((record, origin) => this.add(record, origin));
  /** The record sets in the order of the file, and by owner name. */
  private readonly recordsets: ImportedRecordSet[] = [];
  private readonly byName = new Map<string, SetsAtName>();
  /** Names holding an SOA or the apex NS, which are not record sets here but data all the same. */
  private readonly unkept = new Set<string>();
  private cnameConflict?: CnameConflict;

  push(piece: string): void {
    this.checks.push(piece);
  }

  /** The zone, or the first error in the order Designate checks: the file, SOA, name, email, CNAMEs, names. */
  finish(): ImportedZone {
    const zone = this.checks.zone();
    if (this.cnameConflict) throw cnameConflictError(this.cnameConflict);
    this.checks.checkNames();
    return { ...zone, recordsets: this.recordsets };
  }

  private add(record: ZonefileRecord, origin: string): void {
    const atName = this.byName.get(record.name);
    this.cnameConflict ??= this.conflictOf(record, atName);
    if (record.type === 'SOA' || (record.type === 'NS' && record.name === origin)) {
      this.unkept.add(record.name);
      return;
    }
    const set = setOfType(atName, record.type);
    if (set) {
      set.ttl = Math.min(set.ttl, record.ttl);
      if (!set.records.includes(record.data)) set.records.push(record.data);
      return;
    }
    const created = { name: record.name, type: record.type, ttl: record.ttl, records: [record.data] };
    this.recordsets.push(created);
    this.byName.set(record.name, atName === undefined ? created : [...setsOf(atName), created]);
  }

  /** Whether the record breaks the CNAME rule given the records before it at its name. */
  private conflictOf(record: ZonefileRecord, atName: SetsAtName | undefined): CnameConflict | undefined {
    const cname = setOfType(atName, 'CNAME')?.records[0];
    const other = setsOf(atName).some((set) => set.type !== 'CNAME') || this.unkept.has(record.name);
    const isCname = record.type === 'CNAME';
    const conflict = isCname ? other : cname !== undefined;
    const second = isCname && cname !== undefined && cname !== record.data;
    if (!conflict && !second) return undefined;
    const problem = conflict ? 'CNAME and other data' : 'more than one CNAME';
    return { problem, name: record.name, data: record.data, line: record.line };
  }
}

/** The zone a zonefile imports, from its pieces (of any size; see ZoneImportReader). */
export function zoneFromZonefilePieces(pieces: Iterable<string>): ImportedZone {
  const zone = new ZoneImportReader();
  for (const piece of pieces) zone.push(piece);
  return zone.finish();
}

/** The zone a whole zonefile imports. */
export const zoneFromZonefile = (source: string): ImportedZone => zoneFromZonefilePieces([source]);
