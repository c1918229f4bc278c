import { RCODE, TYPE_CODES, WireName } from '@zonewarden/dns';
import { RRset, ZoneTree } from '../zone/zone-tree';
import { addAddresses, addGlue } from './additional';
import { Answer, emptyAnswer } from './answer';
import { lookupInZone } from './zone-lookup';
import { NotLoaded, ZoneView } from './zone-view';

/**
 * The longest CNAME/DNAME chain followed. RFC 1034 §3.6.2 sets no number; BIND stops after 11 links
 * (SERVFAIL, "max. restarts reached"); chains of up to 16 links resolve here.
 */
export const MAX_CHAIN_LINKS = 16;

export interface Query {
  name: WireName;
  type: number;
  /** Recursion desired: BIND then leaves the zone's NS out of positive answers (minimal-responses no-auth-recursive). */
  recursionDesired: boolean;
}

/**
 * Answers a query from the served zones (RFC 1034 §4.3.2): follows CNAME and DNAME (RFC 6672) through
 * every zone served here, stops at a loop or after MAX_CHAIN_LINKS with SERVFAIL (each RRset once, as
 * BIND answers), refers below delegations, and answers NXDOMAIN/NODATA with the SOA. A positive answer to
 * a query without RD also carries the zone's NS RRset and their addresses, as BIND 9 does by default.
 * Returns NotLoaded when a zone it needs is not in memory yet.
 */
export function answerQuery(zones: ZoneView, query: Query): Answer | NotLoaded {
  const ds = query.type === TYPE_CODES.DS;
  let zone = zones.find(query.name, ds);
  if (zone instanceof NotLoaded) return zone;
  if (!zone) return emptyAnswer(RCODE.REFUSED);
  const answer = new Answer();
  const visited = new Set<string>();
  let name = query.name;
  for (let links = 0; ; links++) {
    visited.add(name.key);
    const result = lookupInZone(zone, name, query.type);
    let next: WireName | undefined;
    switch (result.kind) {
      case 'answer':
        for (const rrset of result.rrsets) answer.add(answer.answer, result.owner, rrset);
        addAddresses(answer, result.rrsets, zones);
        if (!query.recursionDesired) addZoneNameservers(answer, zone, zones);
        return answer;
      case 'nodata':
      case 'nxdomain':
        if (result.kind === 'nxdomain') answer.rcode = RCODE.NXDOMAIN;
        answer.add(answer.authority, zone.apex, zone.negativeSoa);
        return answer;
      case 'referral': {
        if (answer.answer.length === 0) answer.authoritative = false;
        const ns = result.cut.rrsets.get(TYPE_CODES.NS)!;
        answer.add(answer.authority, result.cut.name, ns);
        addGlue(answer, result.cut.name, ns, zones);
        return answer;
      }
      case 'cname':
        answer.add(answer.answer, result.owner, result.cname);
        next = result.target;
        break;
      case 'dname':
        answer.add(answer.answer, result.dnameOwner, result.dname);
        if (!result.target) {
          answer.rcode = RCODE.YXDOMAIN;
          return answer;
        }
        answer.add(answer.answer, name, synthesizedCname(result.dname, result.target));
        next = result.target;
        break;
    }
    if (visited.has(next.key) || links + 1 > MAX_CHAIN_LINKS) {
      answer.rcode = RCODE.SERVFAIL;
      return answer;
    }
    const nextZone = zones.find(next, ds);
    if (nextZone instanceof NotLoaded) return nextZone;
    // The chain leaves what this server holds: the client follows it from here.
    if (!nextZone) return answer;
    zone = nextZone;
    name = next;
  }
}

/** The CNAME a DNAME stands for at `name` (RFC 6672 §3.1): the DNAME's TTL, never cached by itself. */
function synthesizedCname(dname: RRset, target: WireName): RRset {
  return { type: TYPE_CODES.CNAME, ttl: dname.ttl, rdata: [[target]], targets: [] };
}

function addZoneNameservers(answer: Answer, zone: ZoneTree, zones: ZoneView): void {
  const ns = zone.apexNode.rrsets.get(TYPE_CODES.NS);
  if (ns && answer.add(answer.authority, zone.apex, ns)) addAddresses(answer, [ns], zones);
}
