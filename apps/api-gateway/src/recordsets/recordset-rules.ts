import { DomainError } from '@zonewarden/contracts';
import {
  RdataError,
  TYPE_NAME_RULES,
  brokenTypeNameRule,
  canonicalRdata,
  isRecordSetName,
} from '@zonewarden/dns';
import { ZoneRecord } from '@zonewarden/persistence';

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
  new DomainError(400, 'invalid_object', `Provided object is not valid: ${message}`, {
    errors: [{ path, message, validator }],
  });
const location = (message: string) => new DomainError(400, 'invalid_recordset_location', message);

export function recordSetName(name: string): string {
  if (!isRecordSetName(name)) {
    throw invalid(
      ['name'],
      `'${name}' is not a valid record set name: absolute, ending with a dot, '*' only as the first label`,
    );
  }
  return name.toLowerCase();
}

export function recordSetType(type: string): string {
  const upper = type.toUpperCase();
  if (!RECORDSET_TYPES.includes(upper))
    throw invalid(['type'], `'${type}' is not a supported record type`, 'enum');
  return upper;
}

/** Each record parsed for its type; a bad one is reported at its index. Duplicates collapse (a record set is a set). */
export function canonicalRecords(type: string, records: string[]): string[] {
  const problems = records.flatMap((data, i) => {
    try {
      canonicalRdata(type, data);
      return [];
    } catch (error) {
      const detail = error instanceof RdataError ? `: ${error.message}` : '';
      return [
        {
          path: ['records', i],
          message: `'${data}' is not a '${type}' Record${detail}`,
          validator: 'format',
        },
      ];
    }
  });
  if (problems.length) {
    throw new DomainError(
      400,
      'invalid_object',
      `Provided object is not valid: ${problems.map((p) => p.message).join('; ')}`,
      { errors: problems },
    );
  }
  const canonical = [...new Set(records.map((data) => canonicalRdata(type, data)))];
  if (type === 'CNAME' && canonical.length > 1)
    throw new DomainError(400, 'bad_request', 'CNAME recordsets may not have more than 1 record');
  return canonical;
}

/** Where a record set of this type may live in the zone (before looking at other record sets). */
export function checkPlacement(zone: ZoneRecord, name: string, type: string): void {
  if (name !== zone.name && !name.endsWith(`.${zone.name}`))
    throw location("RecordSet is not contained within it's parent zone");
  if (type === 'CNAME' && name === zone.name)
    throw location('CNAME recordsets may not be created at the zone apex');
  const broken = brokenTypeNameRule(name, type);
  if (broken === 'ns_wildcard') throw invalid(['name'], TYPE_NAME_RULES[broken]);
  if (broken) throw new DomainError(400, 'bad_request', TYPE_NAME_RULES[broken]);
}

/** CNAME stands alone at its name (RFC 1034 §3.6.2). */
export function checkSiblings(name: string, type: string, existingTypes: string[]): void {
  if (existingTypes.length && (type === 'CNAME' || existingTypes.includes('CNAME'))) {
    throw location('CNAME recordsets may not share a name with any other records');
  }
}
