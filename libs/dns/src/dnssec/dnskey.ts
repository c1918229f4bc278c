import { createHash } from 'node:crypto';
import { WireName } from '../wire/wire-name';
import { canonicalNameWire } from './canonical';
import { DNSKEY_PROTOCOL, ZoneKey, keyFlags } from './keys';

/** DS digest types (IANA "DS RR Type Digest Algorithms"): SHA-1 only for parents that need it. */
export const DIGEST_TYPES = { SHA1: 1, SHA256: 2, SHA384: 4 } as const;
export type DigestType = (typeof DIGEST_TYPES)[keyof typeof DIGEST_TYPES];
const DIGEST_HASHES: Record<DigestType, string> = { 1: 'sha1', 2: 'sha256', 4: 'sha384' };

/** The digests a parent is offered (RFC 8624 §3.3: SHA-256 mandatory, SHA-384 optional). */
export const DEFAULT_DS_DIGESTS: readonly DigestType[] = [DIGEST_TYPES.SHA256, DIGEST_TYPES.SHA384];

/** The fields of a DNSKEY (or CDNSKEY) record. */
export interface DnskeyFields {
  flags: number;
  protocol: number;
  algorithm: number;
  publicKey: Buffer;
}

export const dnskeyOf = (key: ZoneKey): DnskeyFields => ({
  flags: keyFlags(key),
  protocol: DNSKEY_PROTOCOL,
  algorithm: key.algorithm,
  publicKey: key.publicKey,
});

/** RFC 4034 §2.1 wire rdata. */
export function dnskeyRdata(key: DnskeyFields): Buffer {
  const head = Buffer.from([key.flags >> 8, key.flags & 0xff, key.protocol, key.algorithm]);
  return Buffer.concat([head, key.publicKey]);
}

/** RFC 4034 §2.2 presentation: `257 3 13 <base64>`. */
export const dnskeyText = (key: DnskeyFields) =>
  `${key.flags} ${key.protocol} ${key.algorithm} ${key.publicKey.toString('base64')}`;

export function parseDnskey(data: string): DnskeyFields {
  const [flags, protocol, algorithm, ...key] = data.trim().split(/\s+/);
  const fields = { flags: Number(flags), protocol: Number(protocol), algorithm: Number(algorithm) };
  if (Object.values(fields).some((n) => !Number.isInteger(n)) || key.length === 0)
    throw new Error(`'${data}' is not DNSKEY rdata`);
  return { ...fields, publicKey: Buffer.from(key.join(''), 'base64') };
}

/** RFC 4034 Appendix B: the key tag, a 16-bit checksum of the DNSKEY rdata (algorithm 1 excepted). */
export function keyTag(key: DnskeyFields): number {
  const rdata = dnskeyRdata(key);
  let sum = 0;
  for (let i = 0; i < rdata.length; i++) sum += i & 1 ? rdata[i] : rdata[i] << 8;
  sum += (sum >> 16) & 0xffff;
  return sum & 0xffff;
}

export interface DsFields {
  keyTag: number;
  algorithm: number;
  digestType: DigestType;
  digest: Buffer;
}

/** RFC 4034 §5.1.4: digest = hash(canonical owner name | DNSKEY rdata). */
export function dsOf(owner: string, key: DnskeyFields, digestType: DigestType): DsFields {
  const hash = DIGEST_HASHES[digestType];
  if (!hash) throw new Error(`DS digest type ${digestType} is not supported`);
  const digest = createHash(hash)
    .update(canonicalNameWire(WireName.fromText(owner)))
    .update(dnskeyRdata(key))
    .digest();
  return { keyTag: keyTag(key), algorithm: key.algorithm, digestType, digest };
}

/** RFC 4034 §5.3 presentation (the hex in upper case, as the service stores DS rdata). */
export const dsText = (ds: DsFields) =>
  `${ds.keyTag} ${ds.algorithm} ${ds.digestType} ${ds.digest.toString('hex').toUpperCase()}`;

/**
 * The DS records a parent is given for the zone's key-signing keys (also the CDS rdata, RFC 7344 §3.1,
 * which has DS's format): one per key and digest type.
 */
export function dsRecords(
  zone: string,
  keys: readonly ZoneKey[],
  digests: readonly DigestType[] = DEFAULT_DS_DIGESTS,
): string[] {
  return keys
    .filter((key) => key.role === 'KSK')
    .flatMap((key) => digests.map((digest) => dsText(dsOf(zone, dnskeyOf(key), digest))));
}
