import { QuotaResource } from '@zonewarden/config';
import { DomainError } from '../domain-error';

/** The codes of the quota rules (see DomainErrorCode). */
export type QuotaErrorCode = 'over_quota';

export const overQuota = (resource: QuotaResource) =>
  new DomainError('over_quota', `Quota exceeded for ${resource}.`);
