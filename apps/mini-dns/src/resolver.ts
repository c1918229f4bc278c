import { DnsRecord, targetName } from '@zonewarden/dns';
import { ZoneData, key, parentOf } from './zone-data';

export type Rcode = 'NOERROR' | 'NXDOMAIN' | 'REFUSED';

export interface Resolution {
  rcode: Rcode;
  authoritative: boolean;
  answers: DnsRecord[];
  authorities: DnsRecord[];
  additionals: DnsRecord[];
}

const MAX_CNAME_CHAIN = 8;

const refused = (): Resolution => ({
  rcode: 'REFUSED',
  authoritative: false,
  answers: [],
  authorities: [],
  additionals: [],
});

/** Records with their owner rewritten (wildcard synthesis, RFC 4592) and in the query's letter case. */
const renamed = (answers: DnsRecord[], owner: string) =>
  answers.map((answer) => ({ ...answer, name: owner }));

/** The highest delegation point at or above `name` (below the apex), if any. */
function delegationFor(zone: ZoneData, name: string): string | undefined {
  let cut: string | undefined;
  for (let n: string | undefined = name; n && n !== zone.apex; n = parentOf(n)) if (zone.cuts.has(n)) cut = n;
  return cut;
}

/** A/AAAA records of names inside the zone that the answers point at (NS, MX, SRV targets; glue). */
function additionalsFor(zone: ZoneData, answers: DnsRecord[]): DnsRecord[] {
  const extra: DnsRecord[] = [];
  for (const answer of answers) {
    const target = targetName(answer.type, answer.data);
    if (!target || answer.type === 'CNAME') continue;
    const node = zone.nodes.get(key(target));
    for (const type of ['A', 'AAAA']) extra.push(...(node?.get(type) ?? []));
  }
  return extra;
}

/** The node for a name: its own, or one synthesized from the closest wildcard; null when the name does not exist. */
function lookup(zone: ZoneData, name: string): Map<string, DnsRecord[]> | 'empty' | null {
  const node = zone.nodes.get(name);
  if (node) return node;
  if (zone.names.has(name)) return 'empty';
  let encloser = parentOf(name);
  while (encloser && !zone.names.has(encloser)) encloser = parentOf(encloser);
  if (!encloser) return null;
  return zone.nodes.get(`*.${encloser}`) ?? null;
}

/**
 * Answers one question from a zone this server is authoritative for (RFC 1034 §4.3.2): referrals at
 * delegation points, CNAME chains inside the zone, wildcards, NODATA and NXDOMAIN with the SOA.
 */
export function resolve(zone: ZoneData | undefined, qname: string, qtype: string): Resolution {
  if (!zone) return refused();
  const answers: DnsRecord[] = [];
  let name = key(qname);
  let owner = qname.replace(/\.$/, '');
  for (let hop = 0; hop <= MAX_CNAME_CHAIN; hop++) {
    const cut = delegationFor(zone, name);
    if (cut && !(cut === name && qtype === 'DS')) {
      const ns = zone.nodes.get(cut)!.get('NS')!;
      return {
        rcode: 'NOERROR',
        authoritative: answers.length > 0,
        answers,
        authorities: ns,
        additionals: additionalsFor(zone, ns),
      };
    }
    const node = lookup(zone, name);
    if (node === null) {
      return {
        rcode: 'NXDOMAIN',
        authoritative: true,
        answers,
        authorities: [zone.negativeSoa],
        additionals: [],
      };
    }
    const found =
      node === 'empty' ? undefined : qtype === 'ANY' ? [...node.values()].flat() : node.get(qtype);
    if (found) {
      const own = renamed(found, owner);
      answers.push(...own);
      return {
        rcode: 'NOERROR',
        authoritative: true,
        answers,
        authorities: [],
        additionals: additionalsFor(zone, own),
      };
    }
    const cname = node === 'empty' ? undefined : node.get('CNAME');
    if (!cname)
      return {
        rcode: 'NOERROR',
        authoritative: true,
        answers,
        authorities: [zone.negativeSoa],
        additionals: [],
      };
    answers.push(...renamed(cname, owner));
    const target = cname[0].data as string;
    name = key(target);
    owner = target;
    if (name !== zone.apex && !name.endsWith(`.${zone.apex}`)) break; // the chain leaves this zone
  }
  return { rcode: 'NOERROR', authoritative: true, answers, authorities: [], additionals: [] };
}
