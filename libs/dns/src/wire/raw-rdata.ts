import { WireName } from './wire-name';
import { Token, text } from './presentation';

/**
 * Wire rdata for the types dns-packet has no codec for (SVCB/HTTPS per RFC 9460, CERT per RFC 4398),
 * built from canonical presentation text and carried as RFC 3597 unknown-type data.
 */
export const RAW_TYPE_CODES: Record<string, number> = { SVCB: 64, HTTPS: 65, CERT: 37 };

export const CERT_ALGORITHMS: Record<string, number> = {
  RSAMD5: 1,
  DH: 2,
  DSA: 3,
  RSASHA1: 5,
  'DSA-NSEC3-SHA1': 6,
  'RSASHA1-NSEC3-SHA1': 7,
  RSASHA256: 8,
  RSASHA512: 10,
  'ECC-GOST': 12,
  ECDSAP256SHA256: 13,
  ECDSAP384SHA384: 14,
  ED25519: 15,
  ED448: 16,
};
export const CERT_TYPES: Record<string, number> = {
  PKIX: 1,
  SPKI: 2,
  PGP: 3,
  IPKIX: 4,
  ISPKI: 5,
  IPGP: 6,
  ACPKIX: 7,
  IACPKIX: 8,
  URI: 253,
  OID: 254,
};
/** SvcParam keys by number (RFC 9460 §14.3.2). */
export const SVC_KEYS = ['mandatory', 'alpn', 'no-default-alpn', 'port', 'ipv4hint', 'ech', 'ipv6hint'];

const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);

const nameToWire = (name: string) => WireName.fromText(name).toWire();

function ipv6ToBytes(address: string): Buffer {
  const [head, tail = ''] = address.split('::');
  const words = (part: string) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const left = words(head);
  const right = address.includes('::') ? words(tail) : [];
  const middle = Array(8 - left.length - right.length).fill(0);
  return Buffer.concat([...left, ...middle, ...right].map(u16));
}

export const keyNumber = (key: string) =>
  SVC_KEYS.includes(key) ? SVC_KEYS.indexOf(key) : Number(key.slice(3));

function svcValue(key: string, value: string): Buffer {
  switch (key) {
    case 'mandatory':
      return Buffer.concat(value.split(',').map((k) => u16(keyNumber(k))));
    case 'alpn':
      return Buffer.concat(
        value.split(',').map((id) => Buffer.concat([Buffer.from([Buffer.byteLength(id)]), Buffer.from(id)])),
      );
    case 'port':
      return u16(Number(value));
    case 'ipv4hint':
      return Buffer.concat(value.split(',').map((ip) => Buffer.from(ip.split('.').map(Number))));
    case 'ipv6hint':
      return Buffer.concat(value.split(',').map(ipv6ToBytes));
    case 'ech':
      return Buffer.from(value, 'base64');
    default:
      return Buffer.from(value);
  }
}

function svcbWire(tokens: Token[]): Buffer {
  const params = tokens.slice(2).map((t) => {
    const [key, ...rest] = text(t).split('=');
    return { key: keyNumber(key), value: svcValue(key, rest.join('=')) };
  });
  params.sort((a, b) => a.key - b.key);
  return Buffer.concat([
    u16(Number(text(tokens[0]))),
    nameToWire(tokens[1].raw),
    ...params.map((p) => Buffer.concat([u16(p.key), u16(p.value.length), p.value])),
  ]);
}

function certWire(tokens: Token[]): Buffer {
  const type = CERT_TYPES[text(tokens[0])] ?? Number(text(tokens[0]));
  const algorithm = CERT_ALGORITHMS[text(tokens[2])] ?? Number(text(tokens[2]));
  return Buffer.concat([
    u16(type),
    u16(Number(text(tokens[1]))),
    Buffer.from([algorithm]),
    Buffer.from(tokens.slice(3).map(text).join(''), 'base64'),
  ]);
}

export function rawRdata(type: string, tokens: Token[]): Buffer | undefined {
  if (type === 'SVCB' || type === 'HTTPS') return svcbWire(tokens);
  if (type === 'CERT') return certWire(tokens);
  return undefined;
}
