import { WireName } from '@zonewarden/dns';
import { OwnedRRset, ZoneTree } from '../zone/zone-tree';
import { Answer } from './answer';
import { lookupInZone } from './zone-lookup';

/**
 * The additional data of answer RRsets (RFC 1034 §4.3.2 step 6, RFC 9460 §4.1): for each host they name,
 * its addresses (and an SVCB alias target's own SVCB) from the zone's authoritative data, wildcards
 * included. Glue below a delegation and data of other zones are not looked at: like BIND, the answer
 * draws only on the zone the question led to.
 */
export function addAdditionalData(
  answer: Answer,
  zone: ZoneTree,
  owned: readonly OwnedRRset[],
  nested = false,
): void {
  for (const { owner, rrset } of owned) {
    for (const target of rrset.targets) {
      const host = target.host === 'owner' ? owner : target.host;
      // An SVCB target `.` stands for the owner only where that is a host name (not `*` or `_service`).
      if (!host.isWithin(zone.apex) || (target.host === 'owner' && !isHostName(host))) continue;
      for (const type of target.types) {
        const found = lookupInZone(zone, host, type);
        if (found.kind !== 'answer') continue;
        for (const rrset of found.rrsets) {
          // An alias target's SVCB brings its own addresses, one level deep.
          if (answer.add(answer.additional, found.owner, rrset) && !nested)
            addAdditionalData(answer, zone, [{ owner: found.owner, rrset }], true);
        }
      }
    }
  }
}

const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** Letters, digits and inner hyphens in every label (RFC 952 / RFC 1123 §2.1), as BIND's check. */
function isHostName(name: WireName): boolean {
  return name.labels.every((label) => HOST_LABEL.test(label.toString('latin1')));
}
