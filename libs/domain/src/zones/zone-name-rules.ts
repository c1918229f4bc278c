import { Caller, may } from '../caller';
import { isBlacklisted } from '../catalogs/blacklist-pattern';
import { invalidZoneName } from './zones.errors';

/** The operator's catalogs a new zone's name is checked against. */
export interface NameCatalogs {
  /** Lower-case, without a trailing dot. */
  tlds: string[];
  patterns: string[];
}

/** Designate's `use_blacklisted_zone` policy (admin): whether the caller's zones may have blacklisted names. */
export function mayUseBlacklisted(caller: Pick<Caller, 'roles'>): boolean {
  return may(caller, 'admin');
}

/**
 * Designate 15's `_is_valid_zone_name`, past the syntax: once any TLD exists, the name must end in one
 * (a TLD may have several labels) and must not be one; a name a blacklist pattern finds is refused unless
 * the caller may use blacklisted names (`use_blacklisted_zone`: admin). `name`: canonical, with its dot;
 * `writtenName`: as the client wrote it. Designate matches the patterns against the name as written; so do we,
 * and against the canonical name too, so that a lower-case pattern also refuses a name written in capitals.
 */
export function checkZoneNameAllowed(
  name: string,
  catalogs: NameCatalogs,
  mayUseBlacklisted: boolean,
  writtenName = name,
): void {
  if (catalogs.tlds.length > 0) {
    const known = new Set(catalogs.tlds);
    const labels = name.replace(/\.$/, '').split('.');
    const suffixes = labels.map((_, i) => labels.slice(i).join('.'));
    if (!suffixes.some((suffix) => known.has(suffix))) throw invalidZoneName('Invalid TLD');
    if (known.has(suffixes[0])) throw invalidZoneName('Zone name cannot be the same as a TLD');
  }
  if (
    !mayUseBlacklisted &&
    (isBlacklisted(writtenName, catalogs.patterns) || isBlacklisted(name, catalogs.patterns))
  )
    throw invalidZoneName('Blacklisted zone name');
}
