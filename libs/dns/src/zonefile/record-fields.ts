import { WireName } from '../wire/wire-name';
import { RDATA_TYPES } from '../rdata/rdata';
import { LexToken, ZonefileError } from './lexer';

export const MAX_TTL = 2147483647;
const TTL_UNITS: Record<string, number> = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };
const TTL_PATTERN = /^(?:\d+[wdhms]?)+$/i;
const NUMERIC_TYPES: Record<number, string> = {
  1: 'A',
  2: 'NS',
  5: 'CNAME',
  6: 'SOA',
  12: 'PTR',
  15: 'MX',
  16: 'TXT',
  28: 'AAAA',
  33: 'SRV',
  35: 'NAPTR',
  37: 'CERT',
  39: 'DNAME',
  43: 'DS',
  44: 'SSHFP',
  52: 'TLSA',
  64: 'SVCB',
  65: 'HTTPS',
  99: 'SPF',
  257: 'CAA',
};
/** Each known type to itself: every record of a type shares one string instead of a copy of its own. */
const KNOWN_TYPES = new Map(RDATA_TYPES.map((type) => [type, type]));

/** BIND-style TTLs: `3600`, `1h`, `1d2h30m`, `1W`. */
export function parseTtl(text: string): number | null {
  if (!TTL_PATTERN.test(text)) return null;
  let total = 0;
  for (const [, digits, unit] of text.matchAll(/(\d+)([wdhms]?)/gi))
    total += Number(digits) * (unit ? TTL_UNITS[unit.toLowerCase()] : 1);
  return total;
}

/** The record type a token names (`A`, `type1`), null when it names none; an unsupported `TYPEnnn` is an error. */
export function typeOf(token: LexToken): string | null {
  const upper = token.text.toUpperCase();
  const known = KNOWN_TYPES.get(upper);
  if (known) return known;
  const numeric = /^TYPE(\d{1,5})$/.exec(upper);
  if (numeric) {
    const type = NUMERIC_TYPES[Number(numeric[1])];
    if (!type)
      throw new ZonefileError(`record type ${upper} is not supported`, token.line, token.column, token.text);
    return type;
  }
  return null;
}

/** The name absolute, in lower case (`keepCase`: as written, for the zone's name as the file writes it). */
export function absolute(
  name: string,
  origin: string | undefined,
  token: LexToken,
  keepCase = false,
): string {
  if (name === '@') {
    if (!origin)
      throw new ZonefileError('@ used before the origin is known', token.line, token.column, token.text);
    return origin;
  }
  if (name.endsWith('.') && !name.endsWith('\\.')) return storedName(name, token, keepCase);
  if (!origin)
    throw new ZonefileError(
      `relative name '${name}' before the origin is known`,
      token.line,
      token.column,
      token.text,
    );
  return storedName(origin === '.' ? `${name}.` : `${name}.${origin}`, token, keepCase);
}

/** A name as stored: escapes of plain characters decoded (`\\097` is `a`), the rest kept, lower case. */
function storedName(name: string, token: LexToken, keepCase: boolean): string {
  try {
    const text = WireName.fromText(name).toString();
    return keepCase ? text : text.toLowerCase();
  } catch (error) {
    throw new ZonefileError((error as Error).message, token.line, token.column, token.text);
  }
}
