import { WireName } from '@zonewarden/dns';
import { ZoneNode, ZoneTree } from '../zone/zone-tree';

/**
 * The wildcard that answers for a name that does not exist (RFC 4592 §3.3.1): `*.` below the closest
 * encloser, the longest ancestor that exists (an empty non-terminal counts, and then blocks wildcards
 * above it). `depth` is the name's label count below the apex.
 */
export function wildcardFor(zone: ZoneTree, name: WireName, depth: number): ZoneNode | undefined {
  for (let i = 1; i <= depth; i++) {
    const encloser = name.suffixKey(i);
    if (zone.names.has(encloser)) return zone.nodes.get(`*.${encloser}`);
  }
  return undefined;
}
