import { isIPv4 } from 'node:net';
import { base64Of, parseSignatureTime, typeBitmap, typeNumbers } from './dnssec-rdata';
import { Token, text, tokenize } from './presentation';
import { rawRdata } from './raw-rdata';
import { WireName } from './wire-name';

/**
 * A name inside rdata that must be written out in full (RFC 3597 §4 allows compression only in RFC 1035's
 * types; RFC 6672 §2.5 forbids it for DNAME), though later names may still point at it, as BIND's do.
 */
export class LiteralName {
  constructor(readonly name: WireName) {}
}

/**
 * A record's rdata on the wire: bytes, and the names in it kept as names — compressible (a WireName: in
 * RFC 1035's NS, CNAME, PTR, MX, SOA) or literal — so the message writer can point them at earlier ones
 * and later ones at them.
 */
export type RdataPart = Buffer | WireName | LiteralName;
export type Rdata = Buffer | readonly RdataPart[];

const u8 = (value: number) => Buffer.from([value & 0xff]);
const u16 = (value: number) => Buffer.from([(value >> 8) & 0xff, value & 0xff]);
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};

const number = (token: Token | undefined, what: string, max: number): number => {
  const value = token ? Number(text(token)) : NaN;
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${what} is not 0..${max}`);
  return value;
};
const n8 = (t: Token | undefined, what: string) => u8(number(t, what, 0xff));
const n16 = (t: Token | undefined, what: string) => u16(number(t, what, 0xffff));
const n32 = (t: Token | undefined, what: string) => u32(number(t, what, 0xffffffff));

const name = (token: Token | undefined) => WireName.fromText(token ? token.raw : '');
const characterString = (bytes: Buffer) => {
  if (bytes.length > 255) throw new Error('a character-string is at most 255 bytes');
  return Buffer.concat([u8(bytes.length), bytes]);
};
const hex = (tokens: Token[]) => Buffer.from(tokens.map(text).join(''), 'hex');

function ipv4(token: Token | undefined): Buffer {
  const value = token ? text(token) : '';
  if (!isIPv4(value)) throw new Error(`'${value}' is not an IPv4 address`);
  return Buffer.from(value.split('.').map(Number));
}

function ipv6(token: Token | undefined): Buffer {
  const value = token ? text(token) : '';
  const [head, tail] = value.includes('::') ? value.split('::') : [value, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  let left = groups(head);
  let right = groups(tail);
  const embedded = (parts: string[]) => {
    const last = parts[parts.length - 1];
    if (!last?.includes('.')) return parts;
    const [a, b, c, d] = ipv4(new Token(last, false, last, null));
    return [...parts.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  if (tail === undefined) left = embedded(left);
  else right = embedded(right);
  const middle = tail === undefined ? 0 : 8 - left.length - right.length;
  const words = [...left, ...Array<string>(middle).fill('0'), ...right];
  if (words.length !== 8 || words.some((w) => !/^[0-9a-fA-F]{1,4}$/.test(w)))
    throw new Error(`'${value}' is not an IPv6 address`);
  return Buffer.concat(words.map((w) => u16(parseInt(w, 16))));
}

type Encoder = (tokens: Token[]) => Rdata;

const ENCODERS: Record<string, Encoder> = {
  A: (t) => ipv4(t[0]),
  AAAA: (t) => ipv6(t[0]),
  NS: (t) => [name(t[0])],
  CNAME: (t) => [name(t[0])],
  PTR: (t) => [name(t[0])],
  DNAME: (t) => [new LiteralName(name(t[0]))],
  MX: (t) => [n16(t[0], 'preference'), name(t[1])],
  TXT: (t) => Buffer.concat(t.map((token) => characterString(token.bytes))),
  SRV: (t) => [
    Buffer.concat([n16(t[0], 'priority'), n16(t[1], 'weight'), n16(t[2], 'port')]),
    new LiteralName(name(t[3])),
  ],
  SOA: (t) => [name(t[0]), name(t[1]), Buffer.concat([2, 3, 4, 5, 6].map((i) => n32(t[i], 'SOA timer')))],
  CAA: (t) => {
    const tag = t[1]?.bytes ?? Buffer.alloc(0);
    return Buffer.concat([n8(t[0], 'flags'), u8(tag.length), tag, t[2]?.bytes ?? Buffer.alloc(0)]);
  },
  SSHFP: (t) => Buffer.concat([n8(t[0], 'algorithm'), n8(t[1], 'type'), hex(t.slice(2))]),
  TLSA: (t) =>
    Buffer.concat([n8(t[0], 'usage'), n8(t[1], 'selector'), n8(t[2], 'matching type'), hex(t.slice(3))]),
  DS: (t) =>
    Buffer.concat([n16(t[0], 'key tag'), n8(t[1], 'algorithm'), n8(t[2], 'digest type'), hex(t.slice(3))]),
  NAPTR: (t) => [
    Buffer.concat([
      n16(t[0], 'order'),
      n16(t[1], 'preference'),
      ...t.slice(2, 5).map((s) => characterString(s.bytes)),
    ]),
    new LiteralName(name(t[5])),
  ],
};
ENCODERS.SPF = ENCODERS.TXT;
ENCODERS.DNSKEY = (t) =>
  Buffer.concat([n16(t[0], 'flags'), n8(t[1], 'protocol'), n8(t[2], 'algorithm'), base64Of(t.slice(3))]);
ENCODERS.CDNSKEY = ENCODERS.DNSKEY;
ENCODERS.CDS = ENCODERS.DS;
ENCODERS.NSEC = (t) => [new LiteralName(name(t[0])), typeBitmap(typeNumbers(t.slice(1)))];
ENCODERS.RRSIG = (t) => {
  const covered = typeNumbers(t.slice(0, 1))[0];
  const time = (token: Token | undefined) => u32(parseSignatureTime(token ? text(token) : ''));
  return [
    Buffer.concat([u16(covered), n8(t[1], 'algorithm'), n8(t[2], 'labels'), n32(t[3], 'original TTL')]),
    Buffer.concat([time(t[4]), time(t[5]), n16(t[6], 'key tag')]),
    new LiteralName(name(t[7])),
    base64Of(t.slice(8)),
  ];
};
ENCODERS.CERT = (t) => rawRdata('CERT', t)!;
// RFC 9460 §2.2: priority, target name (never compressed), parameters.
for (const type of ['SVCB', 'HTTPS']) {
  ENCODERS[type] = (t) => {
    const wire = rawRdata(type, t)!;
    const target = name(t[1]);
    return [wire.subarray(0, 2), new LiteralName(target), wire.subarray(2 + target.wireLength)];
  };
}

/**
 * A stored record's rdata (presentation form, as the API keeps it; RFC 3597 `\# <length> <hex>` too) on
 * the wire. Throws when the text does not encode.
 */
export function rdataToWire(type: string, data: string): Rdata {
  const tokens = tokenize(data);
  if (tokens[0]?.raw === '\\#') {
    const bytes = hex(tokens.slice(2));
    if (Number(text(tokens[1])) !== bytes.length) throw new Error('the length of generic rdata is wrong');
    return bytes;
  }
  const encode = ENCODERS[type.toUpperCase()];
  if (!encode) throw new Error(`record type ${type} cannot be served`);
  return encode(tokens);
}

/** The rdata's bytes with every name uncompressed (the canonical form of RFC 4034 §6.2 minus the case). */
export function rdataBytes(rdata: Rdata): Buffer {
  if (Buffer.isBuffer(rdata)) return rdata;
  return Buffer.concat(rdata.map((part) => (Buffer.isBuffer(part) ? part : rdataName(part).toWire())));
}

const rdataName = (part: WireName | LiteralName) => (part instanceof LiteralName ? part.name : part);

/** The names in a record's rdata, in order (for CNAME and DNAME the target; for MX the exchange; …). */
export function namesIn(rdata: Rdata): WireName[] {
  return Buffer.isBuffer(rdata)
    ? []
    : rdata.flatMap((part) => (Buffer.isBuffer(part) ? [] : [rdataName(part)]));
}
