import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/**
 * Private zone keys at rest: AES-256-GCM under a key derived from an operator's setting, so a database
 * dump alone reveals no key. The setting lists one or more `id=secret` pairs, the first the current one;
 * each ciphertext names its key's id, so that an operator rotates by putting a new pair first, letting
 * the service re-encrypt (`needsReEncryption`), then dropping the old pair.
 *
 * Stored form: `v1:<id>:<base64url(iv | ciphertext | tag)>`. The associated data binds a ciphertext to
 * what it belongs to (e.g. the zone and key ids), so one cannot be swapped for another in the database.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** scrypt's recommended interactive cost (N = 2^15, r = 8): the secret may be a passphrase. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const ID = /^[A-Za-z0-9_-]{1,32}$/;
const MIN_SECRET_LENGTH = 16;

export class KeyEncryptionError extends Error {}

export interface KeyEncryptionKey {
  id: string;
  key: Buffer;
}

/** The operator's keys, the current one first. */
export class KeyRing {
  private constructor(private readonly keys: readonly KeyEncryptionKey[]) {}

  /** A ring from the setting's value: `id=secret[,id=secret…]` (secrets of at least 16 characters). */
  static fromSetting(value: string): KeyRing {
    const pairs = value
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        const id = pair.slice(0, at);
        const secret = pair.slice(at + 1);
        if (at < 0 || !ID.test(id)) throw new KeyEncryptionError(`key ids are 1..32 of [A-Za-z0-9_-]`);
        if (secret.length < MIN_SECRET_LENGTH)
          throw new KeyEncryptionError(`the secret of key '${id}' is shorter than ${MIN_SECRET_LENGTH}`);
        return { id, secret };
      });
    if (pairs.length === 0) throw new KeyEncryptionError('no key encryption key is set');
    if (new Set(pairs.map((p) => p.id)).size !== pairs.length)
      throw new KeyEncryptionError('key encryption key ids repeat');
    return new KeyRing(
      pairs.map(({ id, secret }) => ({
        id,
        key: scryptSync(secret, `zonewarden-dnssec-kek:${id}`, 32, SCRYPT),
      })),
    );
  }

  get currentId(): string {
    return this.keys[0].id;
  }

  encrypt(plaintext: Buffer, associatedData: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad(id, associatedData));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return `${VERSION}:${id}:${Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url')}`;
  }

  decrypt(stored: string, associatedData: string): Buffer {
    const [version, id, payload] = stored.split(':');
    if (version !== VERSION || payload === undefined) throw new KeyEncryptionError('not an encrypted key');
    const entry = this.keys.find((k) => k.id === id);
    if (!entry) throw new KeyEncryptionError(`key encryption key '${id}' is not configured`);
    const bytes = Buffer.from(payload, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new KeyEncryptionError('the encrypted key is truncated');
    const decipher = createDecipheriv('aes-256-gcm', entry.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(aad(id, associatedData));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new KeyEncryptionError(`the key does not decrypt with key encryption key '${id}'`);
    }
  }

  /** Whether `stored` is under an older key than the current one. */
  needsReEncryption(stored: string): boolean {
    return stored.split(':')[1] !== this.currentId;
  }
}

const aad = (id: string, associatedData: string) => Buffer.from(`${VERSION}:${id}:${associatedData}`, 'utf8');
