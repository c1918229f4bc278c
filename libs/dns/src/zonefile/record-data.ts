import { RdataError, canonicalRdata } from '../rdata/rdata';
import { presentationFromWire } from '../wire/generic-rdata';
import { Token, tokenFromRaw } from '../wire/presentation';
import { LexToken, ZonefileError } from './lexer';
import { absolute, parseTtl } from './record-fields';

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

/** A record's rdata tokens as canonical presentation rdata; bad data is an error naming the tokens. */
export function canonical(type: string, rdata: LexToken[], origin: string): string {
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
