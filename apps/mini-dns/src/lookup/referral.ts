import { TYPE_CODES } from '@zonewarden/dns';
import { ZoneNode, ZoneTree } from '../zone/zone-tree';
import { Answer } from './answer';

const ADDRESSES = [TYPE_CODES.A, TYPE_CODES.AAAA];

/**
 * A referral (RFC 1034 §4.3.2 step 3b): the delegation's NS RRset (never signed), not authoritative, and
 * its glue — the addresses of nameservers below this delegation (in-domain glue, which must fit: RFC 9471
 * §3.1) and below another delegation of the zone (sibling glue, optional: §3.2). Nameservers that are the
 * zone's own data or lie elsewhere get none, as from BIND.
 */
export function refer(answer: Answer, zone: ZoneTree, cut: ZoneNode): void {
  if (answer.answer.length === 0) answer.authoritative = false;
  const ns = cut.rrsets.get(TYPE_CODES.NS)!;
  answer.add(answer.authority, cut.name, ns);
  // RFC 4035 §3.1.4: to a DNSSEC client, the signed DS RRset, or the NSEC proving there is none.
  const proof = cut.rrsets.get(TYPE_CODES.DS) ?? cut.rrsets.get(TYPE_CODES.NSEC);
  if (answer.dnssec && proof) answer.add(answer.authority, cut.name, proof);
  for (const inDomain of [true, false]) {
    for (const { host } of ns.targets) {
      if (host === 'owner' || host.isWithin(cut.name) !== inDomain || !zone.cutAbove(host)) continue;
      const node = zone.nodes.get(host.key);
      for (const type of ADDRESSES) {
        const rrset = node?.rrsets.get(type);
        if (rrset) answer.add(answer.additional, node!.name, rrset, inDomain);
      }
    }
  }
}
