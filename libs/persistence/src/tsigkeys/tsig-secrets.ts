import { KeyRing } from '@zonewarden/dns';

/** The setting that holds the keys TSIG secrets are encrypted with (README, Configuration). */
export const TSIG_SECRETS_SETTING = 'TSIG_KEY_ENCRYPTION_KEYS';

/** KeyRing's stored form (`v1:<id>:<base64url>`); a base64 secret as the API takes it never has a ':'. */
const SEALED = /^v1:[A-Za-z0-9_-]{1,32}:[A-Za-z0-9_-]+$/;

/**
 * TSIG secrets at rest. With TSIG_KEY_ENCRYPTION_KEYS set they are encrypted (AES-256-GCM under the
 * operator's KeyRing, bound to the key's id so that one row's secret cannot be moved to another); without
 * it they are stored as given, as Designate stores them. A plain secret stored before the setting was
 * made still reads, and is encrypted the next time its key is written.
 */
export class TsigSecrets {
  private readonly ring?: KeyRing;

  constructor(setting?: string) {
    if (!setting) return;
    try {
      this.ring = KeyRing.fromSetting(setting);
    } catch (error) {
      throw new Error(`${TSIG_SECRETS_SETTING}: ${(error as Error).message}`);
    }
  }

  seal(secret: string, keyId: string): string {
    return this.ring ? this.ring.encrypt(Buffer.from(secret, 'utf8'), associatedData(keyId)) : secret;
  }

  open(stored: string, keyId: string): string {
    if (!SEALED.test(stored)) return stored;
    if (!this.ring)
      throw new Error(`the secret of TSIG key ${keyId} is encrypted and ${TSIG_SECRETS_SETTING} is not set`);
    return this.ring.decrypt(stored, associatedData(keyId)).toString('utf8');
  }
}

const associatedData = (keyId: string) => `tsigkey:${keyId}`;
