import { TYPE_CODES, WireName } from '@zonewarden/dns';
import { RRset } from '../zone/zone-tree';
import { Answer } from './answer';
import { ZoneView } from './zone-view';

const ADDRESS_TYPES = [TYPE_CODES.A, TYPE_CODES.AAAA];

/**
 * Adds the addresses of the hosts that NS, MX and SRV records name, where this server holds them
 * (RFC 1034 §4.3.2 step 6), glue below a delegation included. Returns how many RRsets it added.
 */
export function addAddresses(answer: Answer, rrsets: readonly RRset[], zones: ZoneView): number {
  let added = 0;
  for (const rrset of rrsets) {
    for (const target of rrset.targets) added += addHostAddresses(answer, target, zones);
  }
  return added;
}

function addHostAddresses(answer: Answer, host: WireName, zones: ZoneView, required = false): number {
  const zone = zones.loaded(host);
  const node = zone?.nodes.get(host.key);
  let added = 0;
  for (const type of ADDRESS_TYPES) {
    const rrset = node?.rrsets.get(type);
    if (rrset && answer.add(answer.additional, node!.name, rrset, required)) added++;
  }
  return added;
}

/**
 * Glue of a referral: addresses of nameservers below the delegation point first (in-domain glue, which
 * must fit: RFC 9471 §3.1), then those elsewhere in this server's zones (optional, §3.2).
 */
export function addGlue(answer: Answer, cut: WireName, ns: RRset, zones: ZoneView): void {
  for (const target of ns.targets) if (target.isWithin(cut)) addHostAddresses(answer, target, zones, true);
  for (const target of ns.targets) if (!target.isWithin(cut)) addHostAddresses(answer, target, zones);
}
