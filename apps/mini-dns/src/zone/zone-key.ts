import { WireName } from '@zonewarden/dns';

/** A name in lower case made of letters, digits, `-`, `_` and `*` only: its text is its key as it is. */
const PLAIN = /^[a-z0-9*_-]+(?:\.[a-z0-9*_-]+)*$/;

/**
 * The lookup key (WireName.key) of a zone name given without its trailing dot. Most names need no
 * parsing: a million of them are indexed at start-up, and parsing each would double the time it takes.
 */
export function zoneKey(relativeName: string): string {
  return PLAIN.test(relativeName) ? relativeName : WireName.fromText(relativeName).key;
}
