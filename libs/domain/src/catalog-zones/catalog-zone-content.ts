import { CatalogDifference, CatalogRecordRow, CatalogZoneRecord, ZoneContent } from '@zonewarden/persistence';
import { TransferRecord } from '../changes/incremental-transfer';

/** The TTL of a catalog's records (Designate's catalog zone has the default zone TTL). */
export const CATALOG_TTL = 3600;
/** The SOA's retry, expire and minimum: Designate's (its expire keeps a consumer from expiring members). */
const CATALOG_SOA_TIMERS = '600 2147483646 3600';
/** RFC 9432 §4.2: a catalog's NS record names nothing that could be queried. */
const CATALOG_NS = 'invalid.';
/** RFC 9432 §4.3: the schema version this server produces. */
const CATALOG_VERSION = '"2"';
const SERIAL_SPACE = 2 ** 32;

/** The SOA serial a catalog version is served with. */
export function catalogSerial(version: number): number {
  return version % SERIAL_SPACE;
}

/**
 * The version a client's serial stands for, given the catalog's version now; null when the serial is not
 * one the catalog had (ahead of it, or more than 2^31 changes behind: RFC 1982).
 */
export function versionOfSerial(version: number, serial: number): number | null {
  const behind = (catalogSerial(version) - serial + SERIAL_SPACE) % SERIAL_SPACE;
  return behind < SERIAL_SPACE / 2 ? version - behind : null;
}

/**
 * A catalog's SOA: the pool's first nameserver as MNAME and the catalog's name as RNAME, as Designate
 * writes them; its refresh from the pools file.
 */
function catalogSoa(catalog: CatalogZoneRecord, version: number): string {
  const mname = catalog.primaryNameserver ?? catalog.name;
  return `${mname} ${catalog.name} ${catalogSerial(version)} ${catalog.refresh} ${CATALOG_SOA_TIMERS}`;
}

const absolute = (catalog: CatalogZoneRecord, record: CatalogRecordRow) => `${record.owner}.${catalog.name}`;

/**
 * A catalog as mini-dns serves it (RFC 9432 version 2): the SOA, NS `invalid.`, `version` TXT "2", and
 * each member's PTR under `zones.` (with its `coo` property while the zone moves to another pool's catalog).
 */
export function catalogZoneContent(catalog: CatalogZoneRecord, records: CatalogRecordRow[]): ZoneContent {
  const ptrs = new Map<string, string[]>();
  for (const record of records) ptrs.set(absolute(catalog, record), [record.data]);
  return {
    id: catalog.poolId,
    name: catalog.name,
    ttl: CATALOG_TTL,
    serial: catalogSerial(catalog.version),
    catalogVersion: catalog.version,
    recordsets: [
      { name: catalog.name, type: 'SOA', ttl: null, records: [catalogSoa(catalog, catalog.version)] },
      { name: catalog.name, type: 'NS', ttl: null, records: [CATALOG_NS] },
      { name: `version.${catalog.name}`, type: 'TXT', ttl: null, records: [CATALOG_VERSION] },
      ...[...ptrs].map(([name, data]) => ({ name, type: 'PTR', ttl: null, records: data })),
    ],
    dnssec: [],
  };
}

/**
 * An incremental transfer of a catalog (RFC 1995) from version `from` to `to`, the version served: the
 * current SOA, one difference sequence (the SOA at `from`, the PTRs gone; the SOA at `to`, the PTRs added —
 * the changes between are condensed into it, which RFC 1995 §5 allows), and the current SOA again.
 */
export function catalogTransfer(
  catalog: CatalogZoneRecord,
  from: number,
  to: number,
  difference: CatalogDifference,
): TransferRecord[] {
  const soa = (version: number): TransferRecord => ({
    name: catalog.name,
    type: 'SOA',
    ttl: CATALOG_TTL,
    data: catalogSoa(catalog, version),
  });
  const ptr = (record: CatalogRecordRow): TransferRecord => ({
    name: absolute(catalog, record),
    type: 'PTR',
    ttl: CATALOG_TTL,
    data: record.data,
  });
  if (from === to) return [soa(to)];
  return [soa(to), soa(from), ...difference.removed.map(ptr), soa(to), ...difference.added.map(ptr), soa(to)];
}
