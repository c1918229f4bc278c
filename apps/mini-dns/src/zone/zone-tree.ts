import { Rdata, TYPE_CODES, WireName, namesIn, rdataToWire, typeCode } from '@zonewarden/dns';
import type { DnssecRecordContent, ZoneContent } from '@zonewarden/persistence';

/**
 * A host an RRset names, whose data goes in the additional section (RFC 1034 §4.3.2 step 6, RFC 9460
 * §4.1): its addresses, and for an SVCB/HTTPS alias also the target's own SVCB/HTTPS RRset. `owner`: the
 * RRset's owner name (an SVCB ServiceMode record with target `.`).
 */
export interface AdditionalTarget {
  host: WireName | 'owner';
  types: number[];
}

/** One RRset as served: its records' wire rdata, and the hosts they name. */
export interface RRset {
  type: number;
  ttl: number;
  rdata: Rdata[];
  targets: AdditionalTarget[];
  /** In a signed zone: the RRSIG records covering this RRset (an RRSIG's TTL may differ per covered type). */
  rrsig?: RRset;
}

/** A name that owns data. */
export interface ZoneNode {
  name: WireName;
  rrsets: Map<number, RRset>;
}

/** An RRset with the owner name it is written under (a wildcard's is the query name). */
export interface OwnedRRset {
  owner: WireName;
  rrset: RRset;
  /** In a response: it must fit, or the response is truncated. */
  required?: boolean;
  /** In a response to a DNSSEC client: the RRset's signatures, written right after it and with it. */
  rrsig?: RRset;
}

/**
 * A zone indexed for answering (RFC 1034 §4.3.2): nodes by case-folded name, every name that exists
 * (owners and the empty non-terminals above them), delegation points and DNAME owners.
 */
export class ZoneTree {
  readonly nodes = new Map<string, ZoneNode>();
  /** Owner names and every name between them and the apex (empty non-terminals exist, RFC 4592 §2.2.2). */
  readonly names = new Set<string>();
  /** Names below the apex that own NS records: where the zone delegates. */
  readonly cuts = new Set<string>();
  readonly dnames = new Set<string>();
  readonly soa: RRset;
  /** Negative answers carry the SOA with TTL min(SOA TTL, MINIMUM) (RFC 2308 §3). */
  readonly negativeSoa: RRset;
  /** The owners of NSEC records in canonical order (RFC 4034 §6.1): empty when the zone is not signed. */
  readonly nsecOwners: WireName[];
  /** The `canonicalKey` of each of `nsecOwners`, for a binary search by plain string comparison. */
  readonly nsecKeys: string[];

  constructor(
    readonly apex: WireName,
    readonly serial: number,
    nodes: ZoneNode[],
    /**
     * The zone in storage: its id and default TTL (what an incremental transfer reads its history with); a
     * catalog zone's pool id and the version it stands for.
     */
    readonly stored: { id: string; ttl: number; catalogVersion?: number },
  ) {
    this.names.add(apex.key);
    for (const node of nodes) {
      const key = node.name.key;
      this.nodes.set(key, node);
      for (let i = 0; i < node.name.labelCount - apex.labelCount; i++) this.names.add(node.name.suffixKey(i));
      if (key !== apex.key && node.rrsets.has(TYPE_CODES.NS)) this.cuts.add(key);
      if (node.rrsets.has(TYPE_CODES.DNAME)) this.dnames.add(key);
    }
    const soa = this.nodes.get(apex.key)?.rrsets.get(TYPE_CODES.SOA);
    if (!soa) throw new Error(`zone ${apex} has no SOA record`);
    this.soa = soa;
    const soaBytes = soa.rdata[0] as readonly (Buffer | WireName)[];
    const minimum = (soaBytes[2] as Buffer).readUInt32BE(16);
    this.negativeSoa = withTtlAtMost(soa, minimum);
    const chain = nodes
      .filter((node) => node.rrsets.has(TYPE_CODES.NSEC))
      .map((node) => ({ name: node.name, key: canonicalKey(node.name) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.nsecOwners = chain.map((owner) => owner.name);
    this.nsecKeys = chain.map((owner) => owner.key);
  }

  /** A zone with the signer's records answers DNSSEC clients with signatures and NSEC proofs. */
  get signed(): boolean {
    return this.nsecOwners.length > 0;
  }

  get apexNode(): ZoneNode {
    return this.nodes.get(this.apex.key)!;
  }

  /** The delegation point at or above `name` (below the apex), if the name lies in delegated space. */
  cutAbove(name: WireName): string | undefined {
    if (this.cuts.size === 0) return undefined;
    for (let i = name.labelCount - this.apex.labelCount - 1; i >= 0; i--) {
      if (this.cuts.has(name.suffixKey(i))) return name.suffixKey(i);
    }
    return undefined;
  }

  /** Every RRset and its signatures, the SOA first, for zone transfers. */
  *rrsets(): Generator<OwnedRRset> {
    yield { owner: this.apex, rrset: this.soa };
    if (this.soa.rrsig) yield { owner: this.apex, rrset: this.soa.rrsig };
    for (const node of this.nodes.values()) {
      for (const rrset of node.rrsets.values()) {
        if (rrset === this.soa) continue;
        yield { owner: node.name, rrset };
        if (rrset.rrsig) yield { owner: node.name, rrset: rrset.rrsig };
      }
    }
  }
}

/**
 * A string that sorts (by `<`) as the name sorts in canonical order (RFC 4034 §6.1, `compareCanonical`):
 * the labels from the rightmost, each byte lowered and shifted up by one, each label closed by U+0000 —
 * so that a label sorts before the longer ones it begins, and a name before the names below it.
 */
export function canonicalKey(name: WireName): string {
  const codes: number[] = [];
  for (let i = name.labels.length - 1; i >= 0; i--) {
    const label = name.labels[i];
    for (let j = 0; j < label.length; j++) {
      const byte = label[j];
      codes.push((byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte) + 1);
    }
    codes.push(0);
  }
  return String.fromCharCode(...codes);
}

/** An RRset with its TTL (and its signatures' TTL) at most `ttl`, as negative answers cap the SOA's. */
export function withTtlAtMost(rrset: RRset, ttl: number): RRset {
  const rrsig = rrset.rrsig && { ...rrset.rrsig, ttl: Math.min(rrset.rrsig.ttl, ttl) };
  return { ...rrset, ttl: Math.min(rrset.ttl, ttl), rrsig };
}

/**
 * The zone as storage holds it, indexed. A record this server cannot encode is left out (and reported
 * through `skipped`) rather than failing the whole zone.
 */
export function buildZoneTree(content: ZoneContent, skipped?: (reason: string) => void): ZoneTree {
  const nodes = new Map<string, ZoneNode>();
  for (const set of content.recordsets) {
    const type = typeCode(set.type);
    if (type === undefined) {
      skipped?.(`${set.name} ${set.type}: unknown type`);
      continue;
    }
    const rdata: Rdata[] = [];
    for (const data of set.records) {
      try {
        rdata.push(rdataToWire(set.type, data));
      } catch (error) {
        skipped?.(`${set.name} ${set.type} ${data}: ${(error as Error).message}`);
      }
    }
    if (rdata.length === 0) continue;
    const name = WireName.fromText(set.name);
    const node = nodes.get(name.key) ?? { name, rrsets: new Map<number, RRset>() };
    node.rrsets.set(type, {
      type,
      ttl: set.ttl ?? content.ttl,
      rdata,
      targets: additionalTargets(type, rdata),
    });
    nodes.set(name.key, node);
  }
  addSignerRecords(nodes, content.dnssec, skipped);
  return new ZoneTree(WireName.fromText(content.name), content.serial, [...nodes.values()], {
    id: content.id,
    ttl: content.ttl,
    catalogVersion: content.catalogVersion,
  });
}

/**
 * The signer's records of a signed zone: DNSKEY, CDS, CDNSKEY and NSEC become RRsets of their owners,
 * each RRSIG goes with the RRset it covers. Signatures of an RRset the zone does not have (left over from
 * a change being signed) are left out, and so are records of names without data.
 */
function addSignerRecords(
  nodes: Map<string, ZoneNode>,
  records: readonly DnssecRecordContent[],
  skipped?: (reason: string) => void,
): void {
  const signatures: { node: ZoneNode; covered: number; ttl: number; rdata: Rdata }[] = [];
  for (const record of records) {
    const node = nodes.get(WireName.fromText(record.name).key);
    const type = typeCode(record.type);
    if (!node || type === undefined) {
      skipped?.(`${record.name} ${record.type}: no data at the name, or an unknown type`);
      continue;
    }
    let rdata: Rdata;
    try {
      rdata = rdataToWire(record.type, record.data);
    } catch (error) {
      skipped?.(`${record.name} ${record.type} ${record.data}: ${(error as Error).message}`);
      continue;
    }
    if (type === TYPE_CODES.RRSIG) {
      // The type covered is the first field of the rdata (RFC 4034 §3.1).
      signatures.push({ node, covered: (rdata as Buffer[])[0].readUInt16BE(0), ttl: record.ttl, rdata });
      continue;
    }
    const rrset = node.rrsets.get(type) ?? { type, ttl: record.ttl, rdata: [], targets: [] };
    rrset.rdata.push(rdata);
    node.rrsets.set(type, rrset);
  }
  for (const { node, covered, ttl, rdata } of signatures) {
    const rrset = node.rrsets.get(covered);
    if (!rrset) continue;
    rrset.rrsig ??= { type: TYPE_CODES.RRSIG, ttl, rdata: [], targets: [] };
    rrset.rrsig.rdata.push(rdata);
  }
}

const ADDRESSES = [TYPE_CODES.A, TYPE_CODES.AAAA];

function additionalTargets(type: number, rdata: Rdata[]): AdditionalTarget[] {
  switch (type) {
    case TYPE_CODES.NS:
    case TYPE_CODES.MX:
    case TYPE_CODES.SRV:
      return rdata.map((r) => ({ host: namesIn(r)[0], types: ADDRESSES }));
    case TYPE_CODES.SVCB:
    case TYPE_CODES.HTTPS:
      return rdata.flatMap((r): AdditionalTarget[] => {
        const target = namesIn(r)[0];
        const aliasMode = (r as Buffer[])[0].readUInt16BE(0) === 0;
        if (target.labelCount > 0)
          return [{ host: target, types: aliasMode ? [...ADDRESSES, type] : ADDRESSES }];
        // Target `.`: the owner itself in ServiceMode; "no service" in AliasMode (RFC 9460 §2.5).
        return aliasMode ? [] : [{ host: 'owner', types: ADDRESSES }];
      });
    case TYPE_CODES.NAPTR:
      return rdata.flatMap((r): AdditionalTarget[] => {
        const types = naptrAdditionalTypes((r as Buffer[])[0]);
        const replacement = namesIn(r)[0];
        return types.length && replacement.labelCount > 0 ? [{ host: replacement, types }] : [];
      });
    default:
      return [];
  }
}

/**
 * RFC 3403 §4.2: a terminal NAPTR's replacement is looked up by its flag — "S" an SRV RRset (which brings
 * its targets' addresses), "A" addresses. The first such flag counts, as in BIND.
 */
function naptrAdditionalTypes(fixed: Buffer): number[] {
  const flags = fixed
    .subarray(5, 5 + fixed[4])
    .toString('latin1')
    .toUpperCase();
  for (const flag of flags) {
    if (flag === 'S') return [TYPE_CODES.SRV];
    if (flag === 'A') return ADDRESSES;
  }
  return [];
}
