import { DnsRecord, toAnswer } from '@zonewarden/dns';
import type { ZoneContent } from '@zonewarden/persistence';

/** Names as dns-packet writes them: lower case, no trailing dot. */
export const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

export function parentOf(name: string): string | undefined {
  const dot = name.indexOf('.');
  return dot === -1 ? undefined : name.slice(dot + 1);
}

/** A zone indexed for answering: record sets by owner and type, every existing name, delegation points. */
export interface ZoneData {
  apex: string;
  serial: number;
  soa: DnsRecord;
  /** Negative answers carry the SOA with TTL min(SOA TTL, MINIMUM) (RFC 2308). */
  negativeSoa: DnsRecord;
  nodes: Map<string, Map<string, DnsRecord[]>>;
  /** Owner names and their ancestors up to the apex (empty non-terminals exist too). */
  names: Set<string>;
  /** Names below the apex that carry NS records. */
  cuts: Set<string>;
  /** Every record, SOA first, for zone transfers. */
  all: DnsRecord[];
}

export function buildZoneData(content: ZoneContent): ZoneData {
  const apex = key(content.name);
  const nodes = new Map<string, Map<string, DnsRecord[]>>();
  const names = new Set<string>([apex]);
  const cuts = new Set<string>();
  const all: DnsRecord[] = [];
  let soa: DnsRecord | undefined;
  for (const set of content.recordsets) {
    const owner = key(set.name);
    const answers = set.records.flatMap((data) => {
      try {
        return [toAnswer(owner, set.type, set.ttl ?? content.ttl, data)];
      } catch {
        return []; // a record this server cannot encode is left out rather than failing the zone
      }
    });
    if (answers.length === 0) continue;
    const byType = nodes.get(owner) ?? new Map<string, DnsRecord[]>();
    byType.set(set.type, answers);
    nodes.set(owner, byType);
    for (
      let name: string | undefined = owner;
      name && name !== apex && name.endsWith(apex);
      name = parentOf(name)
    )
      names.add(name);
    if (set.type === 'SOA' && owner === apex) soa = answers[0];
    else all.push(...answers);
    if (set.type === 'NS' && owner !== apex) cuts.add(owner);
  }
  if (!soa) throw new Error(`zone ${content.name} has no SOA record`);
  const minimum = (soa.data as { minimum: number }).minimum;
  return {
    apex,
    serial: content.serial,
    soa,
    negativeSoa: { ...soa, ttl: Math.min(soa.ttl, minimum) },
    nodes,
    names,
    cuts,
    all: [soa, ...all],
  };
}
