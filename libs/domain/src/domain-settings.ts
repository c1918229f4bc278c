import { Quotas, ServiceConfig, defaultQuotas } from '@zonewarden/config';
import { DnssecSettings, dnssecSettings } from './dnssec/dnssec-settings';

/** What the operator configured that the rules need; each app provides it from its own configuration. */
export abstract class DomainSettings {
  /** The pool new zones go to. */
  abstract readonly defaultPoolId: string;
  /** The limits of a project that has none of its own. */
  abstract readonly defaultQuotas: Quotas;
  /**
   * Designate 15's behaviour where the seed's specification differs (the gateway's DESIGNATE_STATUS_CODES):
   * a record set being deleted is not found at once; an admin sees any project's transfer request.
   */
  abstract readonly designateBehaviour: boolean;
  /** Zone signing: the key-encryption keys and the rollover timings. */
  abstract readonly dnssec: DnssecSettings;
  /** The builtin DNS server (mini-dns, MINIDNS_HOST and MINIDNS_PORT), which "test a record" asks too. */
  abstract readonly builtinNameserver?: { host: string; port: number };
}

/**
 * The settings of a service's configuration. `designateBehaviour` is the gateway's DESIGNATE_STATUS_CODES:
 * what it changes is what an API caller reads, so other apps leave it off.
 */
export function domainSettingsOf(config: ServiceConfig, designateBehaviour = false): DomainSettings {
  return {
    defaultPoolId: config.DEFAULT_POOL_ID,
    defaultQuotas: defaultQuotas(config),
    designateBehaviour,
    dnssec: dnssecSettings(config),
    builtinNameserver: { host: config.MINIDNS_HOST, port: config.MINIDNS_PORT },
  };
}
