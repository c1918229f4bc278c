import { randomBytes } from 'node:crypto';
import { MAX_NAME_LENGTH, canonicalAbsoluteName, isRecordSetName } from '@zonewarden/dns';
import { GRANT_MATCHES, GrantMatch, GrantName } from '@zonewarden/persistence';
import { DomainError } from '../domain-error';
import { quote } from '../quote';
import { RECORDSET_TYPES } from '../recordsets/recordset-rules';

/**
 * What an update grant is: a TSIG key (a DNS name, an algorithm, a secret) and the owner names and types it
 * may change, as BIND's `update-policy { grant <key> name|subdomain|zonesub <name> <types>; }` says it.
 */

/** RFC 8945's algorithms still worth a key: hmac-md5 is refused (RFC 8945 §6: deprecated). */
export const GRANT_ALGORITHMS = ['hmac-sha256', 'hmac-sha384', 'hmac-sha512', 'hmac-sha1'] as const;
export type GrantAlgorithm = (typeof GRANT_ALGORITHMS)[number];
export const DEFAULT_GRANT_ALGORITHM: GrantAlgorithm = 'hmac-sha256';

/** The types a grant may name: those the API takes, SOA aside (the service's own). */
export const GRANT_TYPES = RECORDSET_TYPES.filter((type) => type !== 'SOA');

/** Names a grant lists at most; grants a zone holds at most (a server holds them all to verify a request). */
export const MAX_GRANT_NAMES = 50;
export const MAX_GRANTS_PER_ZONE = 100;

/** A generated secret is as long as its hash's output (RFC 2104's advice; BIND's tsig-keygen does the same). */
const SECRET_BYTES: Record<GrantAlgorithm, number> = {
  'hmac-sha1': 20,
  'hmac-sha256': 32,
  'hmac-sha384': 48,
  'hmac-sha512': 64,
};
/** A secret the client brings: base64 of 16 to 512 bytes (RFC 8945 §6 wants at least half the hash's output). */
export const MIN_SECRET_BYTES = 16;
export const MAX_SECRET_BYTES = 512;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Labels of letters, digits, `_` and `-`, as every name the API takes (RFC 8945 allows any name; clients use these). */
const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

export interface GrantNameInput {
  match: string;
  /** Absent or the zone's name for `zone`. */
  name?: string | null;
}

const invalid = (path: (string | number)[], message: string) =>
  new DomainError('invalid_object', `Provided object is not valid: ${message}`, {
    errors: [{ path, message, validator: 'rules' }],
  });

/** A key's name: a DNS name, stored and shown lower case and absolute (the final dot may be left out). */
export function grantKeyName(name: string): string {
  const absolute = canonicalAbsoluteName(name);
  const labels = absolute.slice(0, -1).split('.');
  if (absolute.length > MAX_NAME_LENGTH || !labels.every((label) => LABEL.test(label)))
    throw invalid(
      ['key_name'],
      `${quote(name)} is not a key name: a DNS name of letters, digits, '_' and '-' (such as 'acme-key.')`,
    );
  return absolute;
}

export function grantAlgorithm(algorithm: string = DEFAULT_GRANT_ALGORITHM): GrantAlgorithm {
  const known = GRANT_ALGORITHMS.find((candidate) => candidate === algorithm.toLowerCase());
  if (known) return known;
  const why = algorithm.toLowerCase() === 'hmac-md5' ? ' (hmac-md5 is deprecated by RFC 8945)' : '';
  throw invalid(['algorithm'], `${quote(algorithm)} is not one of ${GRANT_ALGORITHMS.join(', ')}${why}`);
}

/** The client's secret, checked; or a new random one. */
export function grantSecret(algorithm: GrantAlgorithm, given?: string): string {
  if (given === undefined) return randomBytes(SECRET_BYTES[algorithm]).toString('base64');
  const bytes = BASE64.test(given) ? Buffer.from(given, 'base64').length : 0;
  if (bytes < MIN_SECRET_BYTES || bytes > MAX_SECRET_BYTES)
    throw invalid(
      ['secret'],
      `the secret must be base64 of ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes (such as tsig-keygen makes)`,
    );
  return given;
}

/** The names of a grant in the zone `zoneName`: each in the zone, lower case, once. */
export function grantNames(zoneName: string, names: GrantNameInput[]): GrantName[] {
  if (names.length > MAX_GRANT_NAMES)
    throw invalid(['names'], `a grant lists at most ${MAX_GRANT_NAMES} names`);
  const seen = new Map<string, GrantName>();
  names.forEach((input, index) => {
    const entry = grantName(zoneName, input, ['names', index]);
    seen.set(`${entry.match} ${entry.name}`, entry);
  });
  return [...seen.values()];
}

function grantName(zoneName: string, input: GrantNameInput, path: (string | number)[]): GrantName {
  const match = GRANT_MATCHES.find((candidate) => candidate === input.match);
  if (!match) throw invalid([...path, 'match'], `match must be one of ${GRANT_MATCHES.join(', ')}`);
  const given = input.name ?? undefined;
  if (match === 'zone') {
    if (given !== undefined && given.toLowerCase() !== zoneName)
      throw invalid([...path, 'name'], `a 'zone' grant names the zone itself, ${zoneName}, or nothing`);
    return { match, name: zoneName };
  }
  if (given === undefined) throw invalid([...path, 'name'], `a '${match}' grant needs a name`);
  const name = given.toLowerCase();
  if (!isRecordSetName(name))
    throw invalid([...path, 'name'], `${quote(given)} is not a valid name: absolute, ending with a dot`);
  if (name !== zoneName && !name.endsWith(`.${zoneName}`))
    throw invalid([...path, 'name'], `${quote(given)} is not in the zone ${zoneName}`);
  return { match, name };
}

/** A grant's types: upper case, once, in order; none means every type in GRANT_TYPES. */
export function grantTypes(types: string[]): string[] {
  const upper = types.map((type, index) => {
    const canonical = type.toUpperCase();
    if (!GRANT_TYPES.includes(canonical))
      throw invalid(['types', index], `${quote(type)} is not one of ${GRANT_TYPES.join(', ')}`);
    return canonical;
  });
  return [...new Set(upper)].sort();
}

/** Whether the owner name `name` (lower case, in the grant's zone) is one the grant may change. */
export function grantCoversName(grant: { names: GrantName[] }, name: string): boolean {
  return grant.names.some((entry) => matches(entry.match, entry.name, name));
}

/** Whether the grant may change record sets of `type` (SOA never: it is the service's own). */
export function grantCoversType(grant: { types: string[] }, type: string): boolean {
  return grant.types.length ? grant.types.includes(type) : GRANT_TYPES.includes(type);
}

function matches(match: GrantMatch, granted: string, name: string): boolean {
  switch (match) {
    case 'name':
      return name === granted;
    case 'subdomain':
    case 'zone':
      return name === granted || name.endsWith(`.${granted}`);
  }
}
