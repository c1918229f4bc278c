import { DomainError } from '../domain-error';
import {
  RdataError,
  TYPE_NAME_RULES,
  brokenTypeNameRule,
  canonicalRdata,
  TextInputError,
  checkTextInput,
  isRecordSetName,
} from '@zonewarden/dns';
import { ZoneRecord } from '@zonewarden/persistence';
import { excerpt, quote } from '../quote';
import { invalidRecordSetLocation as location } from './recordsets.errors';

/** Types a record set may have (SOA exists but is the service's own). */
export const RECORDSET_TYPES = [
  'A',
  'AAAA',
  'CAA',
  'CERT',
  'CNAME',
  'DNAME',
  'DS',
  'HTTPS',
  'MX',
  'NAPTR',
  'NS',
  'PTR',
  'SOA',
  'SPF',
  'SRV',
  'SSHFP',
  'SVCB',
  'TLSA',
  'TXT',
];

const invalid = (path: (string | number)[], message: string, validator = 'format') =>
  new DomainError('invalid_object', `Provided object is not valid: ${message}`, {
    errors: [{ path, message, validator }],
  });

export function recordSetName(name: string): string {
  if (!isRecordSetName(name)) {
    throw invalid(
      ['name'],
      `${quote(name)} is not a valid record set name: absolute, ending with a dot, '*' only as the first label`,
    );
  }
  return name.toLowerCase();
}

export function recordSetType(type: string): string {
  const upper = type.toUpperCase();
  if (!RECORDSET_TYPES.includes(upper))
    throw invalid(['type'], `${quote(type)} is not a supported record type`, 'enum');
  return upper;
}

/**
 * Records are stored in a unique index on (record set, data), and PostgreSQL's btree takes rows of about
 * 2.7 kB at most: a longer record would fail in storage as a 500. 2 kB holds any real record (a 4096-bit
 * DKIM key is under 1 kB).
 */
export const MAX_RECORD_BYTES = 2048;
/** Bad records reported at most (a record set may hold thousands). */
const MAX_LISTED_PROBLEMS = 10;

type CheckedRecord = { canonical: string; problem?: undefined } | { canonical?: undefined; problem: string };

/** The record's canonical text, or what is wrong with it. */
function canonicalRecord(type: string, data: string): CheckedRecord {
  let canonical: string;
  try {
    // The API's own rules for text, over the zonefile's (checkTextInput).
    if (type === 'TXT' || type === 'SPF') checkTextInput(type, data);
    canonical = canonicalRdata(type, data);
  } catch (error) {
    if (!(error instanceof RdataError)) return { problem: `${quote(data)} is not a '${type}' Record` };
    if (error instanceof TextInputError)
      return { problem: `${quote(data)} is not a '${type}' Record: ${error.message}${offer(error)}` };
    // The parser's messages may quote a token of the record in full: they are cut like the record.
    return { problem: `${quote(data)} is not a '${type}' Record: ${excerpt(error.message)}` };
  }
  if (Buffer.byteLength(canonical) > MAX_RECORD_BYTES)
    return { problem: `${quote(data)} is not a '${type}' Record: longer than ${MAX_RECORD_BYTES} bytes` };
  return { canonical };
}

/**
 * The record the client most likely meant, as a JSON string to paste into the request; none beyond
 * MAX_RECORD_BYTES, where it would be refused too (and the message stays bounded).
 */
function offer(error: TextInputError): string {
  const suggestion = error.suggestion;
  if (suggestion === undefined || Buffer.byteLength(suggestion) > MAX_RECORD_BYTES) return '';
  return ` Did you mean ${JSON.stringify(suggestion)}?`;
}

/** Each record parsed for its type; a bad one is reported at its index. Duplicates collapse (a record set is a set). */
export function canonicalRecords(type: string, records: string[]): string[] {
  const checked = records.map((data) => canonicalRecord(type, data));
  const problems = checked.flatMap((result, i) =>
    result.problem === undefined
      ? []
      : [{ path: ['records', i], message: result.problem, validator: 'format' }],
  );
  if (problems.length) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
    const more = problems.length > listed.length ? ` (and ${problems.length - listed.length} more)` : '';
    throw new DomainError(
      'invalid_object',
      `Provided object is not valid: ${listed.map((p) => p.message).join('; ')}${more}`,
      { errors: listed },
    );
  }
  const canonical = [...new Set(checked.map((result) => result.canonical!))];
  if (type === 'CNAME' && canonical.length > 1)
    throw new DomainError('bad_request', 'CNAME recordsets may not have more than 1 record');
  return canonical;
}

/** Where a record set of this type may live in the zone (before looking at other record sets). */
export function checkPlacement(zone: Pick<ZoneRecord, 'name'>, name: string, type: string): void {
  if (name !== zone.name && !name.endsWith(`.${zone.name}`))
    throw location("RecordSet is not contained within it's parent zone");
  if (type === 'CNAME' && name === zone.name)
    throw location('CNAME recordsets may not be created at the zone apex');
  const broken = brokenTypeNameRule(name, type);
  if (broken === 'ns_wildcard') throw invalid(['name'], TYPE_NAME_RULES[broken]);
  if (broken) throw new DomainError('bad_request', TYPE_NAME_RULES[broken]);
}

/** CNAME stands alone at its name (RFC 1034 §3.6.2). */
export function checkSiblings(name: string, type: string, existingTypes: string[]): void {
  if (existingTypes.length && (type === 'CNAME' || existingTypes.includes('CNAME'))) {
    throw location('CNAME recordsets may not share a name with any other records');
  }
}
