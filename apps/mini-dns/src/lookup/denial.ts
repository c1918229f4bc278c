import { TYPE_CODES, WireName } from '@zonewarden/dns';
import { ZoneNode, ZoneTree, canonicalKey } from '../zone/zone-tree';
import { Answer } from './answer';

const WILDCARD_LABEL = Buffer.from('*');

/**
 * What a signed zone must prove beside an answer to a DNSSEC client (RFC 4035 §3.1.3):
 * - `nxdomain`: no such name, and no wildcard at its closest encloser that could have answered;
 * - `nodata`: the name (or the wildcard that matched it) has no RRset of the type;
 * - `wildcard`: an answer synthesised from a wildcard, for a name that does not exist itself.
 */
export type Denial =
  | { kind: 'nxdomain'; name: WireName }
  | { kind: 'nodata'; name: WireName; wildcard?: ZoneNode }
  | { kind: 'wildcard'; name: WireName };

/**
 * The NSEC records that prove `denial`, by owner: the NSEC at the name when it owns one (NODATA), else
 * the one covering it — the last owner before it in canonical order (RFC 4034 §6.1), whose next name
 * follows it (an empty non-terminal's NODATA too) —, and for NXDOMAIN the one covering the source of
 * synthesis `*.<closest encloser>` (often the same). Empty for a zone that is not signed.
 */
export function denialOwners(zone: ZoneTree, denial: Denial): WireName[] {
  if (!zone.signed) return [];
  switch (denial.kind) {
    case 'nxdomain':
      return unique([
        coveringOwner(zone, denial.name),
        coveringOwner(zone, closestEncloser(zone, denial.name).prepend([WILDCARD_LABEL])),
      ]);
    case 'nodata': {
      const node = zone.nodes.get(denial.name.key);
      if (node?.rrsets.has(TYPE_CODES.NSEC)) return [node.name];
      // RFC 4035 §3.1.3.4: no closer name than the wildcard, and the wildcard has no such type.
      if (denial.wildcard) return unique([coveringOwner(zone, denial.name), denial.wildcard.name]);
      return [coveringOwner(zone, denial.name)];
    }
    case 'wildcard':
      return [coveringOwner(zone, denial.name)];
  }
}

/** Adds the NSEC records of `denialOwners` (with their signatures) to the authority section. */
export function addDenial(answer: Answer, zone: ZoneTree, denial: Denial): void {
  if (!answer.dnssec) return;
  for (const owner of denialOwners(zone, denial)) {
    const nsec = zone.nodes.get(owner.key)?.rrsets.get(TYPE_CODES.NSEC);
    if (nsec) answer.add(answer.authority, owner, nsec);
  }
}

/**
 * The NSEC owner that covers `name` (RFC 4035 §3.1.3.2): the last one at or before it in canonical
 * order. The apex owns the first NSEC, so every name of the zone has one.
 */
export function coveringOwner(zone: ZoneTree, name: WireName): WireName {
  const keys = zone.nsecKeys;
  const key = canonicalKey(name);
  let low = 0;
  let high = keys.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (keys[middle] <= key) low = middle;
    else high = middle - 1;
  }
  return zone.nsecOwners[low];
}

/** The longest ancestor of `name` that exists in the zone (an empty non-terminal counts, RFC 4592 §3.3.1). */
function closestEncloser(zone: ZoneTree, name: WireName): WireName {
  for (let i = 1; i < name.labelCount - zone.apex.labelCount; i++) {
    if (zone.names.has(name.suffixKey(i))) return name.parent(i);
  }
  return zone.apex;
}

function unique(names: WireName[]): WireName[] {
  return names.filter((name, i) => names.findIndex((other) => other.equals(name)) === i);
}
