import { Token, text } from './presentation';
import { typeCode } from './types';

/**
 * Wire forms of the DNSSEC record types' presentation text (RFC 4034 §2.2, §3.2, §4.2, §5.3; RFC 7344
 * §3 for CDS/CDNSKEY), for signing them and for serving them.
 */

/** RFC 4034 §4.1.2: windows of up to 256 types, each a bitmap trimmed after its last set octet. */
export function typeBitmap(types: Iterable<number>): Buffer {
  const windows = new Map<number, number[]>();
  for (const type of new Set(types)) {
    const window = type >> 8;
    const octets = windows.get(window) ?? [];
    const index = (type & 0xff) >> 3;
    while (octets.length <= index) octets.push(0);
    octets[index] |= 0x80 >> (type & 7);
    windows.set(window, octets);
  }
  return Buffer.concat(
    [...windows.keys()]
      .sort((a, b) => a - b)
      .map((window) => Buffer.from([window, windows.get(window)!.length, ...windows.get(window)!])),
  );
}

/** The type numbers of type mnemonics (or RFC 3597 `TYPEnnn`). */
export function typeNumbers(tokens: Token[]): number[] {
  return tokens.map((token) => {
    const code = typeCode(text(token));
    if (code === undefined) throw new Error(`'${text(token)}' is not a record type`);
    return code;
  });
}

/** RFC 4034 §3.2: `YYYYMMDDHHmmSS` in UTC, or seconds since the epoch as a plain number. */
export function parseSignatureTime(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) {
    if (!/^\d{1,10}$/.test(value) || Number(value) > 0xffffffff) throw new Error(`'${value}' is not a time`);
    return Number(value);
  }
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return (Date.UTC(y, mo - 1, d, h, mi, s) / 1000) % 2 ** 32;
}

/** A signature time (seconds) in RFC 4034 §3.2's `YYYYMMDDHHmmSS` form. */
export function signatureTimeText(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export const base64Of = (tokens: Token[]) => Buffer.from(tokens.map(text).join(''), 'base64');
