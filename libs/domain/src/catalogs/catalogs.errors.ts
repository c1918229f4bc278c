import { DomainError } from '../domain-error';

/** The codes of the operator's catalogs: TLDs, blacklists, pools (see DomainErrorCode). */
export type CatalogErrorCode =
  | 'tld_not_found'
  | 'duplicate_tld'
  | 'blacklist_not_found'
  | 'duplicate_blacklist'
  | 'pool_not_found'
  | 'duplicate_pool'
  | 'invalid_operation';

/** Designate's messages: the storage's "Could not find <Object>", and its bare Duplicate* exceptions. */
export const tldNotFound = () => new DomainError('tld_not_found', 'Could not find Tld');
export const duplicateTld = () => new DomainError('duplicate_tld', 'Duplicate Tld');
export const blacklistNotFound = () => new DomainError('blacklist_not_found', 'Could not find Blacklist');
export const duplicateBlacklist = () => new DomainError('duplicate_blacklist', 'Duplicate Blacklist');
export const poolNotFound = () => new DomainError('pool_not_found', 'Could not find Pool');
export const duplicatePool = () => new DomainError('duplicate_pool', 'Duplicate Pool');
/** Designate's InvalidOperation (400), raised by central's delete_pool. */
export const poolHasZones = () => new DomainError('invalid_operation', 'pool must not contain zones');
