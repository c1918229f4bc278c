import { KeyObject, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

/**
 * Zone keys for the two algorithms the service signs with (RFC 8624 §3.1: both "MUST"/"RECOMMENDED" to
 * sign), on node:crypto only. ECDSA P-256 (RFC 6605) is the default for its universal validator support;
 * Ed25519 (RFC 8080) gives smaller, deterministic signatures.
 */
export const DNSSEC_ALGORITHMS = { ECDSAP256SHA256: 13, ED25519: 15 } as const;
export type DnssecAlgorithm = keyof typeof DNSSEC_ALGORITHMS;
export type AlgorithmNumber = (typeof DNSSEC_ALGORITHMS)[DnssecAlgorithm];

/** RFC 4034 §2.1.1: Zone Key (bit 7) always, Secure Entry Point (bit 15) on the key-signing key. */
export const ZSK_FLAGS = 256;
export const KSK_FLAGS = 257;
/** RFC 4034 §2.1.2: the protocol field is always 3. */
export const DNSKEY_PROTOCOL = 3;

export type KeyRole = 'KSK' | 'ZSK';

/**
 * A zone key: what its DNSKEY publishes, and the private key when this process may sign with it.
 * `active` false is a published-only key (a pre-published ZSK, RFC 6781 §4.1.1.1; a KSK waiting for its
 * DS): it is in the DNSKEY RRset but makes no signatures.
 */
export interface ZoneKey {
  role: KeyRole;
  algorithm: AlgorithmNumber;
  /** The DNSKEY public key field (RFC 6605 §4: Q = x | y; RFC 8080 §3: the 32-byte key). */
  publicKey: Buffer;
  privateKey?: KeyObject;
  active: boolean;
}

export function algorithmNumber(name: DnssecAlgorithm): AlgorithmNumber {
  return DNSSEC_ALGORITHMS[name];
}

export function isSupportedAlgorithm(value: number): value is AlgorithmNumber {
  return value === DNSSEC_ALGORITHMS.ECDSAP256SHA256 || value === DNSSEC_ALGORITHMS.ED25519;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The DNSKEY public key field of a node public key. */
function publicKeyField(algorithm: AlgorithmNumber, key: KeyObject): Buffer {
  const jwk = key.export({ format: 'jwk' });
  if (algorithm === DNSSEC_ALGORITHMS.ED25519) return Buffer.from(jwk.x!, 'base64url');
  return Buffer.concat([Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
}

/** The node public key of a DNSKEY public key field (for verification). */
export function publicKeyObject(algorithm: number, field: Buffer): KeyObject {
  if (algorithm === DNSSEC_ALGORITHMS.ED25519) {
    if (field.length !== 32) throw new Error('an Ed25519 public key is 32 bytes');
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: base64url(field) }, format: 'jwk' });
  }
  if (algorithm === DNSSEC_ALGORITHMS.ECDSAP256SHA256) {
    if (field.length !== 64) throw new Error('an ECDSA P-256 public key is 64 bytes');
    const [x, y] = [field.subarray(0, 32), field.subarray(32)].map(base64url);
    return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' });
  }
  throw new Error(`DNSSEC algorithm ${algorithm} is not supported`);
}

export function generateZoneKey(role: KeyRole, algorithm: DnssecAlgorithm = 'ECDSAP256SHA256'): ZoneKey {
  const number = algorithmNumber(algorithm);
  const { publicKey, privateKey } =
    number === DNSSEC_ALGORITHMS.ED25519
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { role, algorithm: number, publicKey: publicKeyField(number, publicKey), privateKey, active: true };
}

/** The private key as PKCS #8 DER: what is encrypted and stored (see key-encryption.ts). */
export function exportPrivateKey(key: ZoneKey): Buffer {
  if (!key.privateKey) throw new Error('the zone key has no private key');
  return key.privateKey.export({ format: 'der', type: 'pkcs8' });
}

/** A zone key from its stored private key (PKCS #8 DER); its public key is derived from it. */
export function importZoneKey(role: KeyRole, algorithm: number, pkcs8: Buffer, active = true): ZoneKey {
  if (!isSupportedAlgorithm(algorithm)) throw new Error(`DNSSEC algorithm ${algorithm} is not supported`);
  const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  const fits =
    algorithm === DNSSEC_ALGORITHMS.ED25519
      ? privateKey.asymmetricKeyType === 'ed25519'
      : privateKey.asymmetricKeyType === 'ec' && privateKey.asymmetricKeyDetails?.namedCurve === 'prime256v1';
  if (!fits) throw new Error(`the private key is not for algorithm ${algorithm}`);
  return {
    role,
    algorithm,
    publicKey: publicKeyField(algorithm, createPublicKey(privateKey)),
    privateKey,
    active,
  };
}

export const keyFlags = (key: ZoneKey) => (key.role === 'KSK' ? KSK_FLAGS : ZSK_FLAGS);

/** A DNSSEC signature of `data`: ECDSA as raw r | s (RFC 6605 §4), Ed25519 as RFC 8032's 64 bytes. */
export function signData(algorithm: number, privateKey: KeyObject, data: Buffer): Buffer {
  return algorithm === DNSSEC_ALGORITHMS.ED25519
    ? sign(null, data, privateKey)
    : sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
}

export function verifyData(
  algorithm: number,
  publicKey: KeyObject,
  data: Buffer,
  signature: Buffer,
): boolean {
  return algorithm === DNSSEC_ALGORITHMS.ED25519
    ? verify(null, data, publicKey, signature)
    : verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature);
}
