import { ServiceConfig } from '@zonewarden/config';
import { KeyEncryptionError, KeyRing } from '@zonewarden/dns';
import { KeyTimings } from './key-schedule';

/** What DNSSEC signing needs from the operator (DomainSettings.dnssec). */
export interface DnssecSettings extends KeyTimings {
  /** The key-encryption keys; without them no zone is signed. */
  keyRing?: KeyRing;
}

/**
 * The DNSSEC settings of a service's configuration. The key ring is derived once here (scrypt), and a bad
 * DNSSEC_KEY_ENCRYPTION_KEYS fails the start with one line naming it (never its value).
 */
export function dnssecSettings(config: ServiceConfig): DnssecSettings {
  let keyRing: KeyRing | undefined;
  try {
    keyRing = config.DNSSEC_KEY_ENCRYPTION_KEYS
      ? KeyRing.fromSetting(config.DNSSEC_KEY_ENCRYPTION_KEYS)
      : undefined;
  } catch (error) {
    if (error instanceof KeyEncryptionError)
      throw new Error(`invalid configuration: DNSSEC_KEY_ENCRYPTION_KEYS: ${error.message}`);
    throw error;
  }
  return {
    keyRing,
    dnskeyTtl: config.DNSSEC_DNSKEY_TTL,
    propagationDelay: config.DNSSEC_PROPAGATION_DELAY,
    zskLifetime: config.DNSSEC_ZSK_LIFETIME,
    kskRetireAfter: config.DNSSEC_KSK_RETIRE_AFTER,
  };
}
