import { generateKeyPairSync } from 'node:crypto';
import { dnskeyOf, dnskeyText, keyTag, parseDnskey } from './dnskey';
import { KeyEncryptionError, KeyRing } from './key-encryption';
import {
  DnssecAlgorithm,
  exportPrivateKey,
  generateZoneKey,
  importZoneKey,
  publicKeyObject,
  signData,
  verifyData,
} from './keys';

describe.each<[DnssecAlgorithm, number, number]>([
  ['ECDSAP256SHA256', 13, 64],
  ['ED25519', 15, 32],
])('%s zone keys', (algorithm, number, publicKeyLength) => {
  it('publishes a KSK as 257 3 and a ZSK as 256 3 with the algorithm and public key', () => {
    const ksk = generateZoneKey('KSK', algorithm);
    const zsk = generateZoneKey('ZSK', algorithm);
    expect(dnskeyText(dnskeyOf(ksk))).toMatch(new RegExp(`^257 3 ${number} [A-Za-z0-9+/=]+$`));
    expect(dnskeyText(dnskeyOf(zsk))).toMatch(new RegExp(`^256 3 ${number} `));
    expect(ksk.publicKey).toHaveLength(publicKeyLength);
    expect(parseDnskey(dnskeyText(dnskeyOf(ksk)))).toEqual(dnskeyOf(ksk));
  });

  it('signs what its DNSKEY public key verifies', () => {
    const key = generateZoneKey('ZSK', algorithm);
    const data = Buffer.from('signed data');
    const signature = signData(number, key.privateKey!, data);
    expect(signature).toHaveLength(64);
    const publicKey = publicKeyObject(number, key.publicKey);
    expect(verifyData(number, publicKey, data, signature)).toBe(true);
    expect(verifyData(number, publicKey, Buffer.from('other data'), signature)).toBe(false);
  });

  it('stores its private key and comes back the same key', () => {
    const key = generateZoneKey('KSK', algorithm);
    const back = importZoneKey('KSK', number, exportPrivateKey(key));
    expect(back.publicKey).toEqual(key.publicKey);
    expect(keyTag(dnskeyOf(back))).toBe(keyTag(dnskeyOf(key)));
  });
});

describe('zone key checks', () => {
  it('refuses a private key of another algorithm, and unsupported algorithms', () => {
    const ed25519 = exportPrivateKey(generateZoneKey('ZSK', 'ED25519'));
    expect(() => importZoneKey('ZSK', 13, ed25519)).toThrow('not for algorithm 13');
    expect(() => importZoneKey('ZSK', 8, ed25519)).toThrow('algorithm 8 is not supported');
    expect(() => publicKeyObject(8, Buffer.alloc(64))).toThrow('algorithm 8 is not supported');
    expect(() => publicKeyObject(13, Buffer.alloc(32))).toThrow('64 bytes');
  });

  it('refuses an EC key on another curve', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const der = privateKey.export({ format: 'der', type: 'pkcs8' });
    expect(() => importZoneKey('ZSK', 13, der)).toThrow();
  });
});

describe('private key encryption', () => {
  const secret = 'a long operator secret';
  const ring = KeyRing.fromSetting(`k2026=${secret}`);
  const plaintext = Buffer.from('pkcs8 bytes');

  it('encrypts under the current key id and decrypts', () => {
    const stored = ring.encrypt(plaintext, 'zone-1/key-1');
    expect(stored).toMatch(/^v1:k2026:[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain(plaintext.toString('base64url'));
    expect(ring.decrypt(stored, 'zone-1/key-1')).toEqual(plaintext);
    expect(ring.encrypt(plaintext, 'zone-1/key-1')).not.toBe(stored);
  });

  it('refuses another context, a changed ciphertext and a wrong secret', () => {
    const stored = ring.encrypt(plaintext, 'zone-1/key-1');
    expect(() => ring.decrypt(stored, 'zone-2/key-1')).toThrow(KeyEncryptionError);
    const flipped = stored.slice(0, -2) + (stored.at(-2) === 'A' ? 'B' : 'A') + stored.at(-1);
    expect(() => ring.decrypt(flipped, 'zone-1/key-1')).toThrow('does not decrypt');
    const other = KeyRing.fromSetting('k2026=another operator secret');
    expect(() => other.decrypt(stored, 'zone-1/key-1')).toThrow('does not decrypt');
    expect(() => ring.decrypt('v1:k2026:AAAA', 'zone-1/key-1')).toThrow('truncated');
    expect(() => ring.decrypt('plain', 'zone-1/key-1')).toThrow('not an encrypted key');
  });

  it('rotates: an old key still decrypts, new ciphertexts use the new one', () => {
    const stored = ring.encrypt(plaintext, 'ctx');
    const rotated = KeyRing.fromSetting(`k2027=a newer operator secret, k2026=${secret}`);
    expect(rotated.decrypt(stored, 'ctx')).toEqual(plaintext);
    expect(rotated.needsReEncryption(stored)).toBe(true);
    const again = rotated.encrypt(rotated.decrypt(stored, 'ctx'), 'ctx');
    expect(again.startsWith('v1:k2027:')).toBe(true);
    expect(rotated.needsReEncryption(again)).toBe(false);
    expect(() => KeyRing.fromSetting('k2027=a newer operator secret').decrypt(stored, 'ctx')).toThrow(
      "'k2026' is not configured",
    );
  });

  it('refuses a bad setting', () => {
    expect(() => KeyRing.fromSetting('')).toThrow('no key encryption key');
    expect(() => KeyRing.fromSetting('short=abc')).toThrow('shorter than 16');
    expect(() => KeyRing.fromSetting('no secret here')).toThrow('key ids');
    expect(() => KeyRing.fromSetting(`a=${secret},a=${secret}`)).toThrow('repeat');
  });
});
