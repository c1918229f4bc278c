import { Injectable } from '@nestjs/common';
import { TSIG_ALGORITHMS, TsigAlgorithm, TsigKey } from '@zonewarden/dns';
import { CatalogZoneRecord, CatalogZonesRepository, ZoneContent } from '@zonewarden/persistence';
import { TransferRecord } from '../changes/incremental-transfer';
import { catalogTransfer, catalogZoneContent, versionOfSerial } from './catalog-zone-content';

/** How many versions of a catalog its removed members are kept for, so that IXFR can tell them. */
export const CATALOG_VERSIONS_KEPT = 10_000;

/** A catalog as a server holding it knows it: its name, pool and the version it serves. */
export interface ServedCatalog {
  poolId: string;
  name: string;
  version: number;
}

/**
 * The pools' catalog zones (RFC 9432): what mini-dns serves and transfers of them, the keys that sign their
 * transfers and NOTIFYs, and what pool-manager reads to tell their consumers of a change. Their members are
 * the pool's served zones, kept by storage with every change of a zone (migration `catalog_zones`).
 */
@Injectable()
export class CatalogZonesService {
  constructor(private readonly catalogs: CatalogZonesRepository) {}

  /** The catalog named `name` (lower case, trailing dot) as a zone to serve, or null when there is none. */
  async load(name: string): Promise<ZoneContent | null> {
    const loaded = await this.catalogs.loadByName(name);
    return loaded && catalogZoneContent(loaded.catalog, loaded.records);
  }

  /**
   * The incremental transfer of a served catalog from the client's serial `from`, or null when only the
   * whole catalog can tell it (the serial is not one it had, its removals were pruned, it is gone).
   */
  async differences(served: ServedCatalog, from: number): Promise<TransferRecord[] | null> {
    const fromVersion = versionOfSerial(served.version, from);
    const catalog = await this.catalogs.forPool(served.poolId);
    if (fromVersion === null || !catalog || catalog.name !== served.name) return null;
    if (fromVersion < catalog.prunedBelow) return null;
    const difference =
      fromVersion === served.version
        ? { removed: [], added: [] }
        : await this.catalogs.difference(served.poolId, fromVersion, served.version);
    return catalogTransfer(catalog, fromVersion, served.version, difference);
  }

  /** The pool's catalog, or null when it has none. */
  forPool(poolId: string): Promise<CatalogZoneRecord | null> {
    return this.catalogs.forPool(poolId);
  }

  /** The catalogs' TSIG keys (a server verifying signed requests holds them by name). */
  async signingKeys(): Promise<TsigKey[]> {
    return (await this.catalogs.all()).flatMap((catalog) => signingKeyOf(catalog) ?? []);
  }

  /** The key the catalog named `name` is transferred with; undefined: it is not a catalog, or has none. */
  async keyFor(name: string): Promise<TsigKey | undefined> {
    const catalog = await this.catalogs.findByName(name);
    return catalog ? signingKeyOf(catalog) : undefined;
  }

  /** Forgets removed members older than CATALOG_VERSIONS_KEPT versions (pool-manager, periodically). */
  prune(): Promise<number> {
    return this.catalogs.prune(CATALOG_VERSIONS_KEPT);
  }
}

/** The catalog's key as the TSIG code signs with it. */
export function signingKeyOf(catalog: CatalogZoneRecord): TsigKey | undefined {
  const key = catalog.tsigKey;
  if (!key || !(key.algorithm in TSIG_ALGORITHMS)) return undefined;
  return { name: key.name, algorithm: key.algorithm as TsigAlgorithm, secret: key.secret };
}
