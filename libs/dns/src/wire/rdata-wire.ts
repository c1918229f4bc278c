import { isIPv4 } from 'node:net';
import { Token, text, tokenize } from './presentation';
import { rawRdata } from './raw-rdata';
import { typeCode } from './types';
import { WireName } from './wire-name';

/**
 * A record's rdata on the wire. Plain bytes for most types; for the types whose names may be compressed
 * (RFC 1035's NS, CNAME, PTR, MX, SOA: RFC 3597 §4 forbids it for every later type) a list of parts in
 * which those names stay names, so the message writer can point them at earlier ones.
 */
export type Rdata = Buffer | readonly (Buffer | WireName)[];

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
/** A name the writer must not compress. */
const nameBytes = (value: WireName) => value.toWire();
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
  DNAME: (t) => nameBytes(name(t[0])),
  MX: (t) => [n16(t[0], 'preference'), name(t[1])],
  TXT: (t) => Buffer.concat(t.map((token) => characterString(token.bytes))),
  SRV: (t) =>
    Buffer.concat([n16(t[0], 'priority'), n16(t[1], 'weight'), n16(t[2], 'port'), nameBytes(name(t[3]))]),
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
  NAPTR: (t) =>
    Buffer.concat([
      n16(t[0], 'order'),
      n16(t[1], 'preference'),
      ...t.slice(2, 5).map((s) => characterString(s.bytes)),
      nameBytes(name(t[5])),
    ]),
};
ENCODERS.SPF = ENCODERS.TXT;
for (const type of ['SVCB', 'HTTPS', 'CERT']) ENCODERS[type] = (t) => rawRdata(type, t)!;

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
  return Buffer.concat(rdata.map((part) => (part instanceof WireName ? part.toWire() : part)));
}

/** The names of hosts an RRset's rdata points at, for additional-section processing (RFC 1034 §4.3.2 step 6). */
export function rdataTarget(type: number, rdata: Rdata): WireName | undefined {
  if (Buffer.isBuffer(rdata)) return type === typeCode('SRV') ? srvTarget(rdata) : undefined;
  if (type === TYPE_NS) return rdata[0] as WireName;
  if (type === TYPE_MX) return rdata[1] as WireName;
  return undefined;
}

const TYPE_NS = typeCode('NS')!;
const TYPE_MX = typeCode('MX')!;

function srvTarget(rdata: Buffer): WireName | undefined {
  const labels: Buffer[] = [];
  for (let offset = 6; offset < rdata.length && rdata[offset] !== 0;) {
    const length = rdata[offset];
    labels.push(rdata.subarray(offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  return new WireName(labels);
}
