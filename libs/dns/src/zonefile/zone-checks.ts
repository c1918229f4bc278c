import { checkZoneName, describeNameProblem, isValidEmail } from '../names';
import { SoaValues, soaValuesOf } from '../soa';
import { TYPE_NAME_RULES, brokenTypeNameRule, isRecordSetName } from '../recordset-names';
import { ZonefileError, ZonefileReader, ZonefileRecord } from './parser';

/** The zone an import creates, as its SOA gives it. */
export interface ZoneHeader {
  /** Lower case, as every name is compared. */
  name: string;
  /** The name in the letter case the file writes it (what the zone shows). */
  writtenName: string;
  email: string;
  ttl: number;
  /** The file's SOA serial and timers, which the zone keeps (its MNAME and RNAME are the service's). */
  soa: SoaValues;
}

/** A record that breaks the CNAME rule, and how. */
export interface CnameConflict {
  problem: 'CNAME and other data' | 'more than one CNAME';
  name: string;
  data: string;
  line: number;
}

/**
 * A CNAME is alone at its name (RFC 1034 §3.6.2, RFC 2181 §10.1): with other data there, dnspython
 * (Designate's reader) refuses the file, and two different CNAMEs at one name BIND refuses (dnspython keeps
 * the last silently; we refuse rather than drop data). The error names the record that breaks the rule.
 */
export const cnameConflictError = (conflict: CnameConflict) =>
  new ZonefileError(`${conflict.problem} at ${conflict.name}`, conflict.line, 1, conflict.data);

/** The SOA RNAME as an email: the first unescaped dot becomes `@`, `\.` in the local part a dot. */
export function rnameToEmail(rname: string): string {
  const match = /^((?:[^.\\]|\\.)+)\.(.+)\.$/.exec(rname);
  if (!match) return rname;
  return `${match[1].replace(/\\\./g, '.')}@${match[2]}`;
}

/**
 * A zonefile read for an import, with what Designate checks that needs no memory of the records: the
 * file itself, its SOA, the zone's name and email, the owner names. Records go to `onRecord` as they are
 * read; the CNAME rule, which needs the records seen before, is the caller's (checked between `zone` and
 * `checkNames`, in Designate's order).
 */
export class ZoneImportChecks {
  private readonly reader: ZonefileReader;
  private soa?: ZonefileRecord;
  private nameProblem?: ZonefileError;

  constructor(onRecord: (record: ZonefileRecord, origin: string) => void) {
    this.reader = new ZonefileReader((record, origin) => {
      if (record.type === 'SOA' && record.name === origin) this.soa ??= record;
      this.nameProblem ??= nameProblemOf(record);
      onRecord(record, origin);
    });
  }

  push(piece: string): void {
    this.reader.push(piece);
  }

  /** The file has ended: the zone its SOA gives, or the first error of the file, the SOA, name, email. */
  zone(): ZoneHeader {
    const { origin, writtenOrigin, lines } = this.reader.end();
    const soa = this.soa;
    if (!soa) throw new ZonefileError('An SOA record is required.', lines, 1);
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
    return { name: origin, writtenName: writtenOrigin, email, ttl: soa.ttl, soa: soaValuesOf(soa.data) };
  }

  /** Owner names follow the API's rules for record set names: the first that does not is an error. */
  checkNames(): void {
    if (this.nameProblem) throw this.nameProblem;
  }
}

/** An owner name the API would refuse for a record set of its type (an import stores nothing the API would refuse). */
function nameProblemOf(record: ZonefileRecord): ZonefileError | undefined {
  if (!isRecordSetName(record.name))
    return new ZonefileError(
      `${record.name} is not a valid record set name: labels of letters, digits, '_' and '-', '*' only as the first label`,
      record.line,
      1,
      record.name,
    );
  const broken = brokenTypeNameRule(record.name, record.type);
  if (broken) return new ZonefileError(TYPE_NAME_RULES[broken], record.line, 1, record.name);
  return undefined;
}
