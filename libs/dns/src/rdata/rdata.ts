import { isIPv4, isIPv6 } from 'node:net';
import { Token, text, tokenize } from '../wire/presentation';
import { CERT_ALGORITHMS, CERT_TYPES, SVC_KEYS, keyNumber } from '../wire/raw-rdata';
import { caaProblem } from './caa';

/**
 * Per-type validation of presentation-format rdata, returning the canonical text that is stored and
 * served: numbers in decimal, names absolute and in lower case, hex in upper case, character-strings
 * quoted with escapes. Used for record sets (the API) and zonefiles.
 */
export class RdataError extends Error {}

const fail = (message: string): never => {
  throw new RdataError(message);
};

function integer(token: Token | undefined, what: string, max: number): number {
  const value = token ? text(token) : '';
  if (!/^\d{1,10}$/.test(value) || Number(value) > max) fail(`${what} must be an integer from 0 to ${max}`);
  return Number(value);
}

const u8 = (t: Token | undefined, what: string) => integer(t, what, 255);
const u16 = (t: Token | undefined, what: string) => integer(t, what, 65535);
const u32 = (t: Token | undefined, what: string) => integer(t, what, 4294967295);

const LABEL = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?|\*)$/;

/** An absolute domain name (trailing dot) in the API's character set, or the root `.` when allowed. */
export function absoluteName(value: string, what: string, allowRoot = false): string {
  if (value === '.' && allowRoot) return value;
  if (!value.endsWith('.')) fail(`${what} '${value}' must be a fully qualified name ending with a dot`);
  if (value.length > 255) fail(`${what} is longer than 255 characters`);
  const labels = value.slice(0, -1).split('.');
  if (labels.some((label) => !LABEL.test(label) || label.length > 63))
    fail(`${what} '${value}' is not a valid domain name`);
  return value.toLowerCase();
}

const name = (t: Token | undefined, what: string, allowRoot = false) =>
  absoluteName(t ? text(t) : '', what, allowRoot);

/** RFC 5952 text for an IPv6 address: lower case, no leading zeros, the longest zero run as `::`. */
export function canonicalIpv6(address: string): string {
  let value = address.toLowerCase();
  // Fast path: already canonical (no zero group left uncompressed, `::` standing for two or more groups).
  if (
    /^[0-9a-f:]+$/.test(value) &&
    !/(^|:)0[0-9a-f]*(:|$)/.test(value) &&
    (!value.includes('::') || value.split(':').filter(Boolean).length <= 6)
  ) {
    return value;
  }
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    value = value.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = value.includes('::') ? value.split('::') : [value, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const words = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right].map((w) =>
    parseInt(w, 16).toString(16),
  );
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (words[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === '0') j++;
    if (j - i > best.length && j - i > 1) best = { start: i, length: j - i };
    i = j;
  }
  if (best.start < 0) return words.join(':');
  return `${words.slice(0, best.start).join(':')}::${words.slice(best.start + best.length).join(':')}`;
}

/** An SOA RNAME: a name whose first label (the mailbox's local part) may hold escaped dots. */
function mailbox(token: Token | undefined): string {
  const value = token ? token.raw : '';
  const local = /^((?:[^.\\]|\\.)+)\.(.+)$/.exec(value);
  if (!local) fail(`rname '${value}' is not a mailbox name`);
  return `${local![1].toLowerCase()}.${absoluteName(local![2], 'rname')}`;
}

function hex(tokens: Token[], what: string, evenLength = true): string {
  const value = tokens.map(text).join('');
  if (!/^[0-9A-Fa-f]+$/.test(value) || (evenLength && value.length % 2)) fail(`${what} must be hexadecimal`);
  return value.toUpperCase();
}

/** A character-string (≤ 255 bytes), quoted, with `"` and `\\` escaped and non-printable bytes as \\DDD. */
export function quoted(bytes: Buffer): string {
  if (bytes.length > 255) fail('a character-string is at most 255 bytes');
  let out = '"';
  for (const byte of bytes) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${String(byte).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}"`;
}

function exactly(tokens: Token[], count: number, shape: string): void {
  if (tokens.length !== count) fail(`expected ${shape}`);
}

function svcParam(param: string): string {
  const [key, ...rest] = param.split('=');
  // Values may be quoted (dnspython writes them so).
  const value = rest.join('=').replace(/^"(.*)"$/, '$1');
  const lower = key.toLowerCase();
  if (!SVC_KEYS.includes(lower) && !/^key\d{1,5}$/.test(lower)) fail(`unknown SvcParam key '${key}'`);
  if (lower === 'no-default-alpn') {
    if (rest.length) fail('no-default-alpn takes no value');
    return lower;
  }
  if (!value) fail(`SvcParam '${key}' needs a value`);
  if (lower === 'port') return `port=${u16(new Token(value, false, value, null), 'port')}`;
  if (lower === 'ipv4hint' && !value.split(',').every((ip) => isIPv4(ip)))
    fail('ipv4hint must be IPv4 addresses');
  if (lower === 'ipv6hint' && !value.split(',').every((ip) => isIPv6(ip)))
    fail('ipv6hint must be IPv6 addresses');
  if (lower === 'mandatory' && !value.split(',').every((k) => SVC_KEYS.includes(k) || /^key\d+$/.test(k)))
    fail('mandatory lists unknown keys');
  return `${lower}=${value}`;
}

function svcb(tokens: Token[]): string {
  if (tokens.length < 2) fail('expected <priority> <target> [key=value …]');
  const priority = u16(tokens[0], 'priority');
  const target = name(tokens[1], 'target', true);
  const keyOrder = (p: string) => keyNumber(p.split('=')[0]);
  // Canonical order is by key number (RFC 9460 §2.2).
  const params = tokens
    .slice(2)
    .map((t) => svcParam(text(t)))
    .sort((a, b) => keyOrder(a) - keyOrder(b));
  if (priority === 0 && params.length) fail('an AliasMode record (priority 0) has no SvcParams');
  const keys = params.map((p) => p.split('=')[0]);
  if (new Set(keys).size !== keys.length) fail('a SvcParam key is repeated');
  return [priority, target, ...params].join(' ');
}

type Parser = (tokens: Token[]) => string;

/** TXT and SPF: one or more character-strings of at most 255 bytes each. */
function characterStrings(type: string): Parser {
  return (t) => {
    if (t.length === 0) fail('expected one or more character-strings');
    // Designate's words (rrdata_txt.py); it counts characters, quotes included, where this counts bytes.
    if (t.some((token) => token.bytes.length > 255))
      fail(`Any ${type} record string exceeding 255 characters has to be split.`);
    return t.map((token) => quoted(token.bytes)).join(' ');
  };
}

const single =
  (what: string): Parser =>
  (t) => {
    exactly(t, 1, `one ${what}`);
    return name(t[0], what);
  };

const PARSERS: Record<string, Parser> = {
  A: (t) => {
    exactly(t, 1, 'one IPv4 address');
    if (!isIPv4(text(t[0]))) fail(`'${text(t[0])}' is not an IPv4 address`);
    return text(t[0]);
  },
  AAAA: (t) => {
    exactly(t, 1, 'one IPv6 address');
    if (!isIPv6(text(t[0]))) fail(`'${text(t[0])}' is not an IPv6 address`);
    return canonicalIpv6(text(t[0]));
  },
  CNAME: single('canonical name'),
  DNAME: single('target name'),
  NS: single('name server'),
  PTR: single('host name'),
  MX: (t) => {
    exactly(t, 2, '<preference> <exchange>');
    return `${u16(t[0], 'preference')} ${name(t[1], 'exchange', true)}`;
  },
  TXT: characterStrings('TXT'),
  SPF: characterStrings('SPF'),
  SRV: (t) => {
    exactly(t, 4, '<priority> <weight> <port> <target>');
    return `${u16(t[0], 'priority')} ${u16(t[1], 'weight')} ${u16(t[2], 'port')} ${name(t[3], 'target', true)}`;
  },
  SOA: (t) => {
    exactly(t, 7, '<mname> <rname> <serial> <refresh> <retry> <expire> <minimum>');
    return [
      name(t[0], 'mname'),
      mailbox(t[1]),
      ...['serial', 'refresh', 'retry', 'expire', 'minimum'].map((w, i) => u32(t[i + 2], w)),
    ].join(' ');
  },
  CAA: (t) => {
    exactly(t, 3, '<flags> <tag> "<value>"');
    const flags = u8(t[0], 'flags');
    const tag = text(t[1]);
    const problem = caaProblem(flags, tag, t[2].bytes);
    if (problem) fail(problem);
    return `${flags} ${tag} ${quoted(t[2].bytes)}`;
  },
  NAPTR: (t) => {
    exactly(t, 6, '<order> <preference> "<flags>" "<services>" "<regexp>" <replacement>');
    const flags = text(t[2]);
    if (!/^[A-Za-z0-9]*$/.test(flags)) fail('NAPTR flags are letters and digits');
    return [
      u16(t[0], 'order'),
      u16(t[1], 'preference'),
      ...t.slice(2, 5).map((s) => quoted(s.bytes)),
      name(t[5], 'replacement', true),
    ].join(' ');
  },
  SSHFP: (t) => {
    if (t.length < 3) fail('expected <algorithm> <fingerprint type> <fingerprint>');
    const fingerprintType = u8(t[1], 'fingerprint type');
    const fingerprint = hex(t.slice(2), 'fingerprint');
    const expected = { 1: 40, 2: 64 }[fingerprintType];
    if (expected && fingerprint.length !== expected)
      fail(`a type ${fingerprintType} fingerprint has ${expected} hex digits`);
    return `${u8(t[0], 'algorithm')} ${fingerprintType} ${fingerprint}`;
  },
  TLSA: (t) => {
    if (t.length < 4) fail('expected <usage> <selector> <matching type> <certificate data>');
    return `${u8(t[0], 'usage')} ${u8(t[1], 'selector')} ${u8(t[2], 'matching type')} ${hex(t.slice(3), 'certificate data')}`;
  },
  DS: (t) => {
    if (t.length < 4) fail('expected <key tag> <algorithm> <digest type> <digest>');
    return `${u16(t[0], 'key tag')} ${u8(t[1], 'algorithm')} ${u8(t[2], 'digest type')} ${hex(t.slice(3), 'digest')}`;
  },
  CERT: (t) => {
    if (t.length < 4) fail('expected <type> <key tag> <algorithm> <certificate>');
    const typeText = text(t[0]).toUpperCase();
    const typeNumber = CERT_TYPES[typeText] ?? u16(t[0], 'certificate type');
    // Mnemonics where they exist, as BIND and dnspython print them.
    const certType = Object.keys(CERT_TYPES).find((k) => CERT_TYPES[k] === typeNumber) ?? String(typeNumber);
    const data = t.slice(3).map(text).join('');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) fail('the certificate must be base64');
    const mnemonic = text(t[2]).toUpperCase();
    if (!/^\d+$/.test(mnemonic) && CERT_ALGORITHMS[mnemonic] === undefined)
      fail(`'${text(t[2])}' is not a DNSSEC algorithm`);
    const algorithmNumber = /^\d+$/.test(mnemonic) ? u8(t[2], 'algorithm') : CERT_ALGORITHMS[mnemonic];
    const algorithm =
      Object.keys(CERT_ALGORITHMS).find((k) => CERT_ALGORITHMS[k] === algorithmNumber) ??
      String(algorithmNumber);
    return `${certType} ${u16(t[1], 'key tag')} ${algorithm} ${data}`;
  },
  HTTPS: svcb,
  SVCB: svcb,
};

export const RDATA_TYPES = Object.keys(PARSERS);

/** Validates one record's rdata for its type; returns its canonical text or throws RdataError. */
export function canonicalRdata(type: string, data: string | Token[]): string {
  const parse = PARSERS[type];
  if (!parse) fail(`'${type}' is not a supported record type`);
  if (typeof data !== 'string') return parse(data);
  let tokens: Token[];
  try {
    tokens = tokenize(data.trim());
  } catch (error) {
    return fail((error as Error).message);
  }
  return parse(tokens);
}
