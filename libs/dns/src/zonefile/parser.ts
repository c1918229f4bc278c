import { WireName } from '../wire/wire-name';
import { RDATA_TYPES, RdataError, canonicalRdata } from '../rdata/rdata';
import { presentationFromWire } from '../wire/generic-rdata';
import { Token, tokenFromRaw } from '../wire/presentation';
import { Entry, LexToken, ZonefileError, lex } from './lexer';

export { ZonefileError } from './lexer';

export interface ZonefileRecord {
  /** Absolute, lower case. */
  name: string;
  ttl: number;
  type: string;
  /** Canonical presentation rdata. */
  data: string;
  line: number;
}

export interface ParsedZonefile {
  /** The zone's origin: `$ORIGIN`, else the first owner name. Absolute, lower case. */
  origin: string;
  records: ZonefileRecord[];
}

export interface ParseOptions {
  origin?: string;
  /** TTL for records before any `$TTL` that give none (RFC 2308 would take the SOA minimum). */
  defaultTtl?: number;
}

const MAX_TTL = 2147483647;
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
/** Positions of the names inside the rdata of each type, qualified with the origin when relative. */
const NAME_FIELDS: Record<string, number[]> = {
  NS: [0],
  CNAME: [0],
  DNAME: [0],
  PTR: [0],
  MX: [1],
  SRV: [3],
  SOA: [0, 1],
  NAPTR: [5],
  HTTPS: [1],
  SVCB: [1],
};
const KNOWN_TYPES = new Set(RDATA_TYPES);

/** BIND-style TTLs: `3600`, `1h`, `1d2h30m`, `1W`. */
export function parseTtl(text: string): number | null {
  if (!TTL_PATTERN.test(text)) return null;
  let total = 0;
  for (const [, digits, unit] of text.matchAll(/(\d+)([wdhms]?)/gi))
    total += Number(digits) * (unit ? TTL_UNITS[unit.toLowerCase()] : 1);
  return total;
}

function typeOf(token: LexToken): string | null {
  const upper = token.text.toUpperCase();
  if (KNOWN_TYPES.has(upper)) return upper;
  const numeric = /^TYPE(\d{1,5})$/.exec(upper);
  if (numeric) {
    const known = NUMERIC_TYPES[Number(numeric[1])];
    if (!known)
      throw new ZonefileError(`record type ${upper} is not supported`, token.line, token.column, token.text);
    return known;
  }
  return null;
}

function absolute(name: string, origin: string | undefined, token: LexToken): string {
  if (name === '@') {
    if (!origin)
      throw new ZonefileError('@ used before the origin is known', token.line, token.column, token.text);
    return origin;
  }
  if (name.endsWith('.') && !name.endsWith('\\.')) return storedName(name, token);
  if (!origin)
    throw new ZonefileError(
      `relative name '${name}' before the origin is known`,
      token.line,
      token.column,
      token.text,
    );
  return storedName(origin === '.' ? `${name}.` : `${name}.${origin}`, token);
}

/** A name as stored: escapes of plain characters decoded (`\\097` is `a`), the rest kept, lower case. */
function storedName(name: string, token: LexToken): string {
  try {
    return WireName.fromText(name).toString().toLowerCase();
  } catch (error) {
    throw new ZonefileError((error as Error).message, token.line, token.column, token.text);
  }
}

/** RFC 3597 generic rdata (`\# <length> <hex>`) turned into the type's presentation form. */
function fromGeneric(type: string, tokens: LexToken[]): string {
  const length = Number(tokens[1]?.text);
  const bytes = Buffer.from(
    tokens
      .slice(2)
      .map((t) => t.text)
      .join(''),
    'hex',
  );
  const at = tokens[0];
  if (!Number.isInteger(length) || bytes.length !== length)
    throw new ZonefileError('generic rdata length does not match its data', at.line, at.column, at.text);
  if (type === 'A' && length === 4) return [...bytes].join('.');
  if (type === 'AAAA' && length === 16) return bytes.toString('hex').match(/.{4}/g)!.join(':');
  if (type === 'TXT' || type === 'SPF') {
    const strings: string[] = [];
    for (let i = 0; i < bytes.length; i += bytes[i] + 1)
      strings.push(
        `"${[...bytes.subarray(i + 1, i + 1 + bytes[i])].map((b) => `\\${String(b).padStart(3, '0')}`).join('')}"`,
      );
    return strings.join(' ');
  }
  let presentation: string | undefined;
  try {
    presentation = presentationFromWire(type, bytes);
  } catch (error) {
    throw new ZonefileError(`bad generic rdata: ${(error as Error).message}`, at.line, at.column, at.text);
  }
  if (presentation === undefined)
    throw new ZonefileError(`generic rdata is not supported for ${type}`, at.line, at.column, at.text);
  return presentation;
}

/**
 * Parses a zonefile into records with canonical rdata. `$INCLUDE` is refused; every error names the
 * line, column and token.
 */
export function parseZonefile(source: string, options: ParseOptions = {}): ParsedZonefile {
  let origin = options.origin?.toLowerCase();
  /** The zone's origin is the first one known; later $ORIGINs only change how names are read. */
  let zoneOrigin = origin;
  let defaultTtl = options.defaultTtl;
  let lastTtl: number | undefined;
  let owner: string | undefined;
  const records: ZonefileRecord[] = [];
  for (const entry of lex(source)) {
    const first = entry.tokens[0];
    if (!entry.ownerOmitted && first.text.startsWith('$')) {
      ({ origin, defaultTtl } = directive(entry, origin, defaultTtl));
      zoneOrigin ??= origin;
      continue;
    }
    let rest = entry.tokens;
    if (!entry.ownerOmitted) {
      owner = absolute(first.text, origin, first);
      origin ??= owner;
      zoneOrigin ??= owner;
      rest = rest.slice(1);
    } else if (!owner) {
      throw new ZonefileError('the first record has no owner name', entry.line, first.column, first.text);
    }
    let ttl: number | undefined;
    let type: string | null = null;
    let index = 0;
    for (; index < rest.length && !type; index++) {
      const token = rest[index];
      const asTtl = ttl === undefined ? parseTtl(token.text) : null;
      if (asTtl !== null) {
        if (asTtl > MAX_TTL)
          throw new ZonefileError(`TTL ${token.text} is too large`, token.line, token.column, token.text);
        ttl = asTtl;
        continue;
      }
      const upper = token.text.toUpperCase();
      if (upper === 'IN') continue;
      if (['CH', 'HS', 'CS', 'ANY', 'NONE'].includes(upper) || /^CLASS\d+$/.test(upper)) {
        throw new ZonefileError(
          `class ${upper} is not supported (only IN)`,
          token.line,
          token.column,
          token.text,
        );
      }
      type = typeOf(token);
      if (!type)
        throw new ZonefileError(
          `'${token.text}' is not a TTL, class or supported record type`,
          token.line,
          token.column,
          token.text,
        );
    }
    const at = rest[index - 1] ?? first;
    if (!type) throw new ZonefileError('a record needs a type', entry.line, at.column, at.text);
    const rdata = rest.slice(index);
    if (rdata.length === 0)
      throw new ZonefileError(`a ${type} record needs data`, at.line, at.column, at.text);
    const effectiveTtl = ttl ?? defaultTtl ?? lastTtl;
    if (effectiveTtl === undefined)
      throw new ZonefileError('no TTL: give one, or a $TTL before', at.line, at.column, at.text);
    lastTtl = effectiveTtl;
    records.push({
      name: owner!,
      ttl: effectiveTtl,
      type,
      data: canonical(type, rdata, origin!),
      line: entry.line,
    });
  }
  if (!zoneOrigin)
    throw new ZonefileError(
      'The $ORIGIN statement is required and must be the first statement in the zonefile.',
      1,
      1,
    );
  for (const record of records) {
    if (record.name !== zoneOrigin && !record.name.endsWith(`.${zoneOrigin}`)) {
      throw new ZonefileError(
        `${record.name} is not inside the zone ${zoneOrigin}`,
        record.line,
        1,
        record.name,
      );
    }
  }
  return { origin: zoneOrigin, records };
}

function directive(entry: Entry, origin: string | undefined, defaultTtl: number | undefined) {
  const [name, value] = entry.tokens;
  const keyword = name.text.toUpperCase();
  if (keyword === '$INCLUDE')
    throw new ZonefileError('$INCLUDE is not allowed', name.line, name.column, name.text);
  if (keyword === '$ORIGIN') {
    if (!value || entry.tokens.length > 2)
      throw new ZonefileError('$ORIGIN takes one name', name.line, name.column, name.text);
    return { origin: absolute(value.text, origin, value), defaultTtl };
  }
  if (keyword === '$TTL') {
    const ttl = value ? parseTtl(value.text) : null;
    if (ttl === null || ttl > MAX_TTL || entry.tokens.length > 2)
      throw new ZonefileError('$TTL takes one TTL', name.line, name.column, value?.text ?? name.text);
    return { origin, defaultTtl: ttl };
  }
  throw new ZonefileError(`unknown directive ${name.text}`, name.line, name.column, name.text);
}

function canonical(type: string, rdata: LexToken[], origin: string): string {
  const data = rdata[0].text === '\\#' ? fromGeneric(type, rdata) : qualified(type, rdata, origin);
  try {
    return canonicalRdata(type, data);
  } catch (error) {
    const at = rdata[0];
    throw new ZonefileError(
      `bad ${type} data: ${error instanceof RdataError ? error.message : String(error)}`,
      at.line,
      at.column,
      rdata.map((t) => t.text).join(' '),
    );
  }
}

/** The rdata tokens, names made absolute (and SOA timers in seconds), for the rdata parser. */
function qualified(type: string, rdata: LexToken[], origin: string): Token[] {
  const fields = NAME_FIELDS[type];
  return rdata.map((token, i) => {
    if (fields?.includes(i) && token.text !== '.') {
      const name = absolute(token.text, origin, token);
      return tokenFromRaw(name, false);
    }
    // SOA timers may use TTL units (BIND).
    if (type === 'SOA' && i >= 3) return tokenFromRaw(String(parseTtl(token.text) ?? token.text), false);
    return tokenFromRaw(token.text, token.quoted);
  });
}
