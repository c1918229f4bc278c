import { RCODE, TYPE_CODES, WireName } from '@zonewarden/dns';
import { OwnedRRset, RRset, ZoneTree, withTtlAtMost } from '../zone/zone-tree';
import { addAdditionalData } from './additional';
import { Answer, emptyAnswer } from './answer';
import { addDenial } from './denial';
import { refer } from './referral';
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
  /** Only what is required: no additional data beside referral glue, no NS with positive answers. */
  minimal: boolean;
  /** Put the zone's NS RRset in the authority section of a positive answer (the caller decides, as BIND). */
  withNameservers: boolean;
  /** The client takes DNSSEC records (the DO bit, RFC 4035 §3.1): signatures and NSEC proofs. */
  dnssec?: boolean;
}

/** Query types a CNAME or DNAME answers itself: the chain is not followed for them. */
const CHAIN_ENDS = new Set([TYPE_CODES.CNAME, TYPE_CODES.ANY]);

/**
 * Answers a query from the served zones (RFC 1034 §4.3.2): follows CNAME and DNAME (RFC 6672) within the
 * zone the question led to (a chain into another zone, even one served here, ends there: the client
 * follows it, as BIND makes it), stops at a loop or after MAX_CHAIN_LINKS with SERVFAIL (each RRset once,
 * as BIND answers), refers below delegations, and answers NXDOMAIN/NODATA with the SOA. Returns NotLoaded
 * when the zone is not in memory yet.
 */
export function answerQuery(zones: ZoneView, query: Query): Answer | NotLoaded {
  const ds = query.type === TYPE_CODES.DS;
  const zone = zones.find(query.name, ds);
  if (zone instanceof NotLoaded) return zone;
  if (!zone) return emptyAnswer(RCODE.REFUSED);
  const answer = new Answer(!!query.dnssec && zone.signed);
  const visited = new Set<string>();
  let name = query.name;
  for (let links = 0; ; links++) {
    visited.add(name.key);
    const result = lookupInZone(zone, name, query.type);
    let next: WireName | undefined;
    switch (result.kind) {
      case 'answer': {
        const owned = result.rrsets.map((rrset) => ({ owner: result.owner, rrset }));
        for (const { owner, rrset } of owned) answer.add(answer.answer, owner, rrset);
        if (result.wildcard) addDenial(answer, zone, { kind: 'wildcard', name });
        // ANY gets no additional data from BIND.
        if (!query.minimal && query.type !== TYPE_CODES.ANY) addAdditionalData(answer, zone, owned);
        return positive(answer, zone, query);
      }
      case 'nodata':
      case 'nxdomain':
        if (result.kind === 'nxdomain') answer.rcode = RCODE.NXDOMAIN;
        answer.add(answer.authority, zone.apex, negativeSoa(zone, query, result.kind));
        addDenial(
          answer,
          zone,
          result.kind === 'nxdomain'
            ? { kind: 'nxdomain', name }
            : { kind: 'nodata', name, wildcard: result.wildcard },
        );
        return answer;
      case 'referral':
        refer(answer, zone, result.cut);
        return answer;
      case 'cname':
        answer.add(answer.answer, result.owner, result.cname);
        if (result.wildcard) addDenial(answer, zone, { kind: 'wildcard', name });
        next = result.target;
        break;
      case 'dname':
        answer.add(answer.answer, result.dnameOwner, result.dname);
        if (!result.target) {
          answer.rcode = RCODE.YXDOMAIN;
          return answer;
        }
        answer.add(answer.answer, name, synthesizedCname(result.dname, result.target));
        if (CHAIN_ENDS.has(query.type)) return positive(answer, zone, query);
        next = result.target;
        break;
    }
    if (visited.has(next.key) || links + 1 > MAX_CHAIN_LINKS) {
      answer.rcode = RCODE.SERVFAIL;
      return answer;
    }
    // The chain leaves the zone (BIND: "prevents following CNAMEs or DNAMEs into other zones").
    if (zones.find(next, ds) !== zone) return answer;
    name = next;
  }
}

/**
 * The SOA of a negative answer (RFC 2308 §3); BIND gives it TTL 0 in an NXDOMAIN to an SOA query, so that
 * a stub can find the enclosing zone of any name without the answer being cached (zero-no-soa-ttl).
 */
function negativeSoa(zone: ZoneTree, query: Query, kind: 'nodata' | 'nxdomain'): RRset {
  return kind === 'nxdomain' && query.type === TYPE_CODES.SOA
    ? withTtlAtMost(zone.negativeSoa, 0)
    : zone.negativeSoa;
}

/** A positive answer; an ANY at a name holding only a DS has nothing to show, and gets nothing more. */
function positive(answer: Answer, zone: ZoneTree, query: Query): Answer {
  if (query.withNameservers && answer.answer.length > 0)
    addZoneNameservers(answer, zone, query.type !== TYPE_CODES.ANY);
  return answer;
}

/** The CNAME a DNAME stands for at `name` (RFC 6672 §3.1): the DNAME's TTL, never cached by itself. */
function synthesizedCname(dname: RRset, target: WireName): RRset {
  return { type: TYPE_CODES.CNAME, ttl: dname.ttl, rdata: [[target]], targets: [] };
}

/** The zone's NS RRset, and its addresses unless `withAdditional` is off (BIND adds none to an ANY answer). */
function addZoneNameservers(answer: Answer, zone: ZoneTree, withAdditional: boolean): void {
  const ns: OwnedRRset = { owner: zone.apex, rrset: zone.apexNode.rrsets.get(TYPE_CODES.NS)! };
  if (ns.rrset && answer.add(answer.authority, ns.owner, ns.rrset) && withAdditional)
    addAdditionalData(answer, zone, [ns]);
}
