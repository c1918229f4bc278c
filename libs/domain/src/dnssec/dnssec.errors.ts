import { DomainError } from '../domain-error';

/** The codes of the DNSSEC rules (see DomainErrorCode). */
export type DnssecErrorCode = 'dnssec_not_enabled' | 'dnssec_conflict' | 'dnssec_not_configured';

export const dnssecNotEnabled = () =>
  new DomainError('dnssec_not_enabled', 'DNSSEC is not enabled for this zone');
export const dnssecConflict = (message: string) => new DomainError('dnssec_conflict', message);
export const dnssecNotConfigured = () =>
  new DomainError(
    'dnssec_not_configured',
    'DNSSEC signing is not configured on this service (the operator sets DNSSEC_KEY_ENCRYPTION_KEYS)',
  );
