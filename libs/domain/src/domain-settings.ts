import { Quotas } from '@zonewarden/config';

/** What the operator configured that the rules need; each app provides it from its own configuration. */
export abstract class DomainSettings {
  /** The pool new zones go to. */
  abstract readonly defaultPoolId: string;
  /** The limits of a project that has none of its own. */
  abstract readonly defaultQuotas: Quotas;
}
