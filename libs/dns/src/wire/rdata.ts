import type { Answer } from 'dns-packet';
import { Token, text, tokenize } from './presentation';
import { RAW_TYPE_CODES, rawRdata } from './raw-rdata';

/**
 * Turns a stored record (presentation-format rdata) into dns-packet's answer data. Names keep their
 * trailing dot off, as dns-packet expects. Unknown types may use RFC 3597's `\# <length> <hex>`.
 */
const bare = (name: string) => (name === '.' ? '' : name.replace(/\.$/, ''));
const int = (token: Token | undefined, what: string): number => {
  const value = token ? Number(text(token)) : NaN;
  if (!Number.isInteger(value) || value < 0) throw new Error(`${what} must be a non-negative integer`);
  return value;
};

type Converter = (tokens: Token[], data: string) => unknown;

const single = (tokens: Token[]) => bare(text(tokens[0]));

const CONVERTERS: Record<string, Converter> = {
  A: (t) => text(t[0]),
  AAAA: (t) => text(t[0]),
  NS: single,
  CNAME: single,
  DNAME: single,
  PTR: single,
  MX: (t) => ({ preference: int(t[0], 'preference'), exchange: bare(text(t[1])) }),
  TXT: (t) => t.map((token) => token.bytes),
  // dns-packet has no SPF codec: the rdata is TXT's, carried raw.
  SPF: (t) =>
    Buffer.concat(t.map((token) => Buffer.concat([Buffer.from([token.bytes.length]), token.bytes]))),
  SRV: (t) => ({
    priority: int(t[0], 'priority'),
    weight: int(t[1], 'weight'),
    port: int(t[2], 'port'),
    target: bare(text(t[3])),
  }),
  SOA: (t) => ({
    mname: bare(text(t[0])),
    rname: bare(text(t[1])),
    serial: int(t[2], 'serial'),
    refresh: int(t[3], 'refresh'),
    retry: int(t[4], 'retry'),
    expire: int(t[5], 'expire'),
    minimum: int(t[6], 'minimum'),
  }),
  CAA: (t) => ({
    flags: int(t[0], 'flags'),
    tag: text(t[1]),
    value: text(t[2]),
    issuerCritical: int(t[0], 'flags') >= 128,
  }),
  SSHFP: (t) => ({
    algorithm: int(t[0], 'algorithm'),
    hash: int(t[1], 'type'),
    fingerprint: t.slice(2).map(text).join(''),
  }),
  TLSA: (t) => ({
    usage: int(t[0], 'usage'),
    selector: int(t[1], 'selector'),
    matchingType: int(t[2], 'matching type'),
    certificate: Buffer.from(t.slice(3).map(text).join(''), 'hex'),
  }),
  DS: (t) => ({
    keyTag: int(t[0], 'key tag'),
    algorithm: int(t[1], 'algorithm'),
    digestType: int(t[2], 'digest type'),
    digest: Buffer.from(t.slice(3).map(text).join(''), 'hex'),
  }),
  NAPTR: (t) => ({
    order: int(t[0], 'order'),
    preference: int(t[1], 'preference'),
    flags: text(t[2]),
    services: text(t[3]),
    regexp: text(t[4]),
    replacement: bare(text(t[5])),
  }),
};

/** Record types whose rdata names another host, for additional-section processing. */
export function targetName(type: string, data: unknown): string | undefined {
  if (type === 'NS' || type === 'CNAME' || type === 'PTR') return data as string;
  if (type === 'MX') return (data as { exchange: string }).exchange;
  if (type === 'SRV') return (data as { target: string }).target;
  return undefined;
}

export function toAnswerData(type: string, data: string): unknown {
  const tokens = tokenize(data);
  if (/^\\#\s/.test(data.trimStart())) return Buffer.from(tokens.slice(2).map(text).join(''), 'hex');
  const convert = CONVERTERS[type];
  if (!convert) throw new Error(`record type ${type} cannot be served yet`);
  return convert(tokens, data);
}

/** A resource record as dns-packet encodes it (its `Answer` union is awkward to narrow). */
export interface DnsRecord {
  name: string;
  type: string;
  ttl: number;
  class: 'IN';
  data: unknown;
}

export function toAnswer(name: string, type: string, ttl: number, data: string): DnsRecord {
  const raw = RAW_TYPE_CODES[type] ? rawRdata(type, tokenize(data)) : undefined;
  if (raw) return { name: bare(name), type: `UNKNOWN_${RAW_TYPE_CODES[type]}`, ttl, class: 'IN', data: raw };
  return { name: bare(name), type, ttl, class: 'IN', data: toAnswerData(type, data) };
}

/** For dns-packet's encoder. */
export const asAnswers = (records: DnsRecord[]) => records as unknown as Answer[];
