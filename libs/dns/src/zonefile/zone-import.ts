import { checkZoneName, describeNameProblem, isValidEmail } from '../names';
import { TYPE_NAME_RULES, brokenTypeNameRule, isRecordSetName } from '../recordset-names';
import { ZonefileError, ZonefileRecord, parseZonefile } from './parser';

export interface ImportedRecordSet {
  name: string;
  type: string;
  ttl: number;
  records: string[];
}

export interface ImportedZone {
  name: string;
  email: string;
  ttl: number;
  /** Every record set but the SOA and the apex NS, which the service provides itself. */
  recordsets: ImportedRecordSet[];
}

/** The SOA RNAME as an email: the first unescaped dot becomes `@`, `\.` in the local part a dot. */
export function rnameToEmail(rname: string): string {
  const match = /^((?:[^.\\]|\\.)+)\.(.+)\.$/.exec(rname);
  if (!match) return rname;
  return `${match[1].replace(/\\\./g, '.')}@${match[2]}`;
}

/**
 * A zonefile as Designate imports it: the zone is the origin, its email and TTL come from the SOA, and
 * records group into record sets (their TTL the smallest of theirs, as dnspython does).
 */
export function zoneFromZonefile(source: string): ImportedZone {
  const { origin, records } = parseZonefile(source);
  const soa = records.find((record) => record.type === 'SOA' && record.name === origin);
  if (!soa) {
    const lastLine = source.split('\n').length;
    throw new ZonefileError('An SOA record is required.', lastLine, 1);
  }
  // The same rules as a zone created through the API: an import must not create, say, a TLD that would
  // keep every other project from creating zones under it.
  const nameProblem = checkZoneName(origin);
  if (nameProblem)
    throw new ZonefileError(
      `the zone name is not valid: ${describeNameProblem(origin, nameProblem)}`,
      soa.line,
      1,
      origin,
    );
  const email = rnameToEmail(soa.data.split(' ')[1]);
  if (!isValidEmail(email))
    throw new ZonefileError(`the SOA RNAME does not give a valid email (${email})`, soa.line, 1, soa.data);
  checkCnames(records);
  checkNames(records);
  const sets = new Map<string, ImportedRecordSet>();
  for (const record of records) {
    if (record.type === 'SOA' || (record.type === 'NS' && record.name === origin)) continue;
    const key = `${record.name} ${record.type}`;
    const set = sets.get(key);
    if (set) {
      set.ttl = Math.min(set.ttl, record.ttl);
      if (!set.records.includes(record.data)) set.records.push(record.data);
    } else {
      sets.set(key, { name: record.name, type: record.type, ttl: record.ttl, records: [record.data] });
    }
  }
  return { name: origin, email, ttl: soa.ttl, recordsets: [...sets.values()] };
}

/**
 * A CNAME is alone at its name (RFC 1034 §3.6.2, RFC 2181 §10.1): with other data there, dnspython
 * (Designate's reader) refuses the file, and two different CNAMEs at one name BIND refuses (dnspython keeps
 * the last silently; we refuse rather than drop data). The error names the record that breaks the rule.
 */
function checkCnames(records: ZonefileRecord[]): void {
  const seen = new Map<string, { cname?: string; other: boolean }>();
  for (const record of records) {
    const at = seen.get(record.name) ?? { other: false };
    const conflict = record.type === 'CNAME' ? at.other : at.cname !== undefined;
    const second = record.type === 'CNAME' && at.cname !== undefined && at.cname !== record.data;
    const problem = conflict ? 'CNAME and other data' : second ? 'more than one CNAME' : null;
    if (problem) throw new ZonefileError(`${problem} at ${record.name}`, record.line, 1, record.data);
    if (record.type === 'CNAME') at.cname = record.data;
    else at.other = true;
    seen.set(record.name, at);
  }
}

/** Owner names follow the API's rules for record set names, so an import stores nothing the API would refuse. */
function checkNames(records: ZonefileRecord[]): void {
  for (const record of records) {
    if (!isRecordSetName(record.name))
      throw new ZonefileError(
        `${record.name} is not a valid record set name: labels of letters, digits, '_' and '-', '*' only as the first label`,
        record.line,
        1,
        record.name,
      );
    const broken = brokenTypeNameRule(record.name, record.type);
    if (broken) throw new ZonefileError(TYPE_NAME_RULES[broken], record.line, 1, record.name);
  }
}
