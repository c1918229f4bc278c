import { TYPE_CODES, WireName, namesIn } from '@zonewarden/dns';
import { RRset, ZoneNode, ZoneTree } from '../zone/zone-tree';
import { wildcardFor } from './wildcard';

/**
 * What one zone says of one name and type (RFC 1034 §4.3.2 step 3, RFC 4592, RFC 6672 §3.2). `wildcard`:
 * the wildcard node the answer was synthesised from (a signed zone proves that no closer name exists).
 */
export type ZoneResult =
  | { kind: 'answer'; owner: WireName; rrsets: RRset[]; wildcard?: ZoneNode }
  | { kind: 'cname'; owner: WireName; cname: RRset; target: WireName; wildcard?: ZoneNode }
  | { kind: 'dname'; dnameOwner: WireName; dname: RRset; target: WireName | undefined }
  | { kind: 'referral'; cut: ZoneNode }
  | { kind: 'nodata'; wildcard?: ZoneNode }
  | { kind: 'nxdomain' };

/**
 * Looks `name` up in `zone`: walking down from the apex, a delegation point or a DNAME above the name
 * takes over (a DS query at the delegation point itself is the parent's to answer); then the name's own
 * node, an empty non-terminal, or the closest encloser's wildcard.
 */
export function lookupInZone(zone: ZoneTree, name: WireName, type: number): ZoneResult {
  const depth = name.labelCount - zone.apex.labelCount;
  if (zone.cuts.size > 0 || zone.dnames.size > 0) {
    for (let i = depth; i >= 0; i--) {
      const key = name.suffixKey(i);
      if (zone.cuts.has(key) && !(i === 0 && answeredAtCut(zone.nodes.get(key)!, type)))
        return { kind: 'referral', cut: zone.nodes.get(key)! };
      if (i > 0 && zone.dnames.has(key)) return dnameSubstitution(zone.nodes.get(key)!, name, i);
    }
  }
  const node = zone.nodes.get(name.key);
  if (node) return fromNode(node, node.name, type);
  if (zone.names.has(name.key)) return { kind: 'nodata' };
  const wildcard = wildcardFor(zone, name, depth);
  return wildcard ? fromNode(wildcard, name, type, wildcard) : { kind: 'nxdomain' };
}

/**
 * A delegation point's parent-side data (RFC 4035 §2.4, §3.1.4.1): DS is answered by the parent whether
 * it exists or not; an NSEC (a signed zone's) is answered as BIND does, else the query gets the referral.
 */
function answeredAtCut(cut: ZoneNode, type: number): boolean {
  return type === TYPE_CODES.DS || (type === TYPE_CODES.NSEC && cut.rrsets.has(TYPE_CODES.NSEC));
}

/** Types whose records exist beside a CNAME (RFC 4035 §2.5): a query for them does not follow it. */
const BESIDE_CNAME = new Set([TYPE_CODES.NSEC, TYPE_CODES.RRSIG]);

function fromNode(node: ZoneNode, owner: WireName, type: number, wildcard?: ZoneNode): ZoneResult {
  // A DS belongs to a delegation's parent side; BIND leaves it out of ANY (possibly leaving nothing), and
  // puts in the signatures of the rest, DO bit or not.
  if (type === TYPE_CODES.ANY) {
    const rrsets = [...node.rrsets.values()].filter((r) => r.type !== TYPE_CODES.DS);
    return { kind: 'answer', owner, rrsets: [...rrsets, ...signaturesOf(rrsets)], wildcard };
  }
  const rrset = node.rrsets.get(type);
  if (rrset) return { kind: 'answer', owner, rrsets: [rrset], wildcard };
  if (type === TYPE_CODES.RRSIG) {
    // The signatures at the name, one RRSIG RRset per type covered.
    const rrsets = signaturesOf([...node.rrsets.values()]);
    if (rrsets.length > 0) return { kind: 'answer', owner, rrsets, wildcard };
  }
  const cname = node.rrsets.get(TYPE_CODES.CNAME);
  if (cname && !BESIDE_CNAME.has(type))
    return { kind: 'cname', owner, cname, target: rdataName(cname), wildcard };
  return { kind: 'nodata', wildcard };
}

const signaturesOf = (rrsets: RRset[]): RRset[] => rrsets.flatMap((r) => (r.rrsig ? [r.rrsig] : []));

/** The name a CNAME or DNAME points at. */
const rdataName = (rrset: RRset): WireName => namesIn(rrset.rdata[0])[0];

/**
 * RFC 6672 §2.2: the labels of `name` above the DNAME owner (`stripped` of them) put in front of the
 * DNAME's target. `target` is undefined when the result would be longer than a name may be (YXDOMAIN).
 */
function dnameSubstitution(node: ZoneNode, name: WireName, stripped: number): ZoneResult {
  const dname = node.rrsets.get(TYPE_CODES.DNAME)!;
  let target: WireName | undefined = rdataName(dname).prepend(name.labels.slice(0, stripped));
  if (target.wireLength > 255) target = undefined;
  return { kind: 'dname', dnameOwner: node.name, dname, target };
}
