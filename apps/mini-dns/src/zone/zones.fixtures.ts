import { TsigKey, WireName, ZoneKey, ZoneSigner, generateZoneKey } from '@zonewarden/dns';
import type { GrantKey, IncrementalTransferService, ZoneChangeLogService } from '@zonewarden/domain';
import type { ZoneChangeRow, ZoneContent } from '@zonewarden/persistence';
import { NotLoaded, ZoneView } from '../lookup/zone-view';
import type { SecondaryNotify } from '../protocol/secondary-notify';
import { isGrantKey } from '../protocol/grant-keys';
import { IncrementalTransfers } from '../protocol/ixfr';
import type { TransferKeys } from '../protocol/transfer-keys';
import { ZoneTree, buildZoneTree } from './zone-tree';

/** A zone for tests from `name type data` lines (TTL 300, the SOA added), as storage would hand it over. */
export function zoneContent(apex: string, lines: string[], serial = 1): ZoneContent {
  const sets = new Map<string, { name: string; type: string; ttl: number | null; records: string[] }>();
  const soa = `${apex} SOA ns1.${apex} hostmaster.${apex} ${serial} 3600 600 86400 60`;
  for (const line of [soa, `${apex} NS ns1.${apex}`, `ns1.${apex} A 192.0.2.53`, ...lines]) {
    const [name, type, ...data] = line.split(' ');
    const set = sets.get(`${name} ${type}`) ?? { name, type, ttl: null, records: [] };
    set.records.push(data.join(' '));
    sets.set(`${name} ${type}`, set);
  }
  return { id: apex, name: apex, ttl: 300, serial, recordsets: [...sets.values()], dnssec: [] };
}

/** `content` signed by ZoneSigner (an ECDSA KSK and ZSK unless `keys` are given), as the signer stores it. */
export function signedZoneContent(
  content: ZoneContent,
  keys: ZoneKey[] = [generateZoneKey('KSK'), generateZoneKey('ZSK')],
): ZoneContent {
  const rrsets = content.recordsets.map((set) => ({ ...set, ttl: set.ttl ?? content.ttl }));
  const records = new ZoneSigner({ zone: content.name, keys }).signZone(rrsets);
  const dnssec = records.map((r) => ({
    ...r,
    covers: r.type === 'RRSIG' ? r.data.split(' ')[0] : null,
  }));
  return { ...content, dnssec };
}

/** Every zone in memory, the closest enclosing one answering (DS at an apex from the parent side). */
export function zoneView(...zones: ZoneContent[]): ZoneView & { trees: ZoneTree[] } {
  const trees = zones.map((zone) => buildZoneTree(zone));
  const find = (name: WireName, ds: boolean): ZoneTree | undefined => {
    const enclosing = trees
      .filter((tree) => name.isWithin(tree.apex))
      .sort((a, b) => b.apex.labelCount - a.apex.labelCount);
    if (ds && enclosing[0]?.apex.equals(name) && enclosing[1]) return enclosing[1];
    return enclosing[0];
  };
  return {
    trees,
    find: (name, ds): ZoneTree | NotLoaded | undefined => find(name, ds),
    loaded: (name) => find(name, false),
  };
}

/** No SECONDARY zones in storage: a NOTIFY is answered from the zones served. */
export const NO_SECONDARIES = { notified: async () => undefined } as unknown as SecondaryNotify;

/**
 * The TSIG keys the server holds, by zone apex (`example.com.`) the names of the keys that transfer it,
 * and by zone apex the keys of its update grants (found first for a request about that zone).
 */
export function transferKeys(
  keys: TsigKey[] = [],
  zones: Record<string, string[]> = {},
  grants: Record<string, GrantKey[]> = {},
): TransferKeys {
  const named = (list: TsigKey[] | undefined, name: WireName) =>
    list?.find((key) => WireName.fromText(key.name).equals(name));
  return {
    find: async (name: WireName, zone?: WireName) =>
      named(zone && grants[zone.toString().toLowerCase()], name) ?? named(keys, name),
    mayTransfer: async (apex: WireName, key?: TsigKey) => {
      if (key && isGrantKey(key)) return key.allowTransfer;
      const allowed = zones[apex.toString().toLowerCase()] ?? [];
      return (
        allowed.length === 0 ||
        (!!key && allowed.some((name) => WireName.fromText(name).equals(WireName.fromText(key.name))))
      );
    },
  } as unknown as TransferKeys;
}

/** A zone change log for specs: the zones `change` names are handed over by the next catch-up. */
export function changeLog(): { repository: ZoneChangeLogService; change: (name: string) => void } {
  const pending: ZoneChangeRow[] = [];
  let txid = 1;
  const repository = {
    position: async () => ({ finishedBelow: txid, prunedBelow: 0 }),
    page: async (_from: number, after?: ZoneChangeRow) => (after ? [] : pending.splice(0)),
  } as unknown as ZoneChangeLogService;
  return { repository, change: (name) => pending.push({ id: String(txid), txid: txid++, name }) };
}

/** IXFR from a history that answers `differences` (by default none: every IXFR gets the whole zone). */
export function incrementalTransfers(
  differences: IncrementalTransferService['differences'] = async () => null,
): IncrementalTransfers {
  return new IncrementalTransfers({ differences } as IncrementalTransferService);
}
