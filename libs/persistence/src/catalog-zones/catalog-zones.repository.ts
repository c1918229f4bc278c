import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';
import { query } from '../sql';

/** A pool's catalog zone as storage holds it. */
export interface CatalogZoneRecord {
  poolId: string;
  /** Lower case, with the trailing dot. */
  name: string;
  refresh: number;
  /** Each change of its members adds one (the SOA serial is it modulo 2^32). */
  version: number;
  prunedBelow: number;
  tsigKey: { name: string; algorithm: string; secret: string } | null;
  /** The pool's first NS record (the SOA's MNAME), as for its zones. */
  primaryNameserver: string | null;
}

/** A PTR record of a catalog, its owner relative to the catalog (`<label>.zones`, `coo.<label>.zones`). */
export interface CatalogRecordRow {
  owner: string;
  data: string;
}

/** What changed in a catalog between two versions. */
export interface CatalogDifference {
  removed: CatalogRecordRow[];
  added: CatalogRecordRow[];
}

const CATALOG_COLUMNS = Prisma.raw(`c.pool_id AS "poolId", c.name, c.refresh, c.version::float8 AS version,
  c.pruned_below::float8 AS "prunedBelow",
  CASE WHEN c.tsig_secret IS NULL THEN NULL
    ELSE json_build_object('name', c.tsig_key_name, 'algorithm', c.tsig_algorithm, 'secret', c.tsig_secret) END AS "tsigKey",
  (SELECT n.hostname FROM pool_ns_records n WHERE n.pool_id = c.pool_id ORDER BY n.priority, n.hostname LIMIT 1)
    AS "primaryNameserver"`);

/**
 * The pools' catalog zones (RFC 9432): written by the pools synchronisation (syncCatalogZone) and, for their
 * members, by a trigger on zones (migration `catalog_zones`); read by mini-dns, which serves them, and by
 * pool-manager, which tells consumers of their changes.
 */
@Injectable()
export class CatalogZonesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The catalog named `name` (lower case, trailing dot), or null. */
  async findByName(name: string): Promise<CatalogZoneRecord | null> {
    const [row] = await query<CatalogZoneRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${CATALOG_COLUMNS} FROM catalog_zones c WHERE c.name = ${name}`,
      'catalog-zone-by-name',
    );
    return row ?? null;
  }

  /** The pool's catalog, or null when it has none. */
  async forPool(poolId: string): Promise<CatalogZoneRecord | null> {
    const [row] = await query<CatalogZoneRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${CATALOG_COLUMNS} FROM catalog_zones c WHERE c.pool_id = ${poolId}::uuid`,
      'catalog-zone-for-pool',
    );
    return row ?? null;
  }

  /** Every catalog (their keys verify signed requests). */
  async all(): Promise<CatalogZoneRecord[]> {
    return query<CatalogZoneRecord>(
      this.prisma.pg,
      Prisma.sql`SELECT ${CATALOG_COLUMNS} FROM catalog_zones c ORDER BY c.name`,
      'catalog-zone-all',
    );
  }

  /**
   * The catalog with its records at its current version, read in one statement (so the version and the
   * records agree), or null.
   */
  async loadByName(
    name: string,
  ): Promise<{ catalog: CatalogZoneRecord; records: CatalogRecordRow[] } | null> {
    const [row] = await query<CatalogZoneRecord & { records: CatalogRecordRow[] | null }>(
      this.prisma.pg,
      Prisma.sql`SELECT ${CATALOG_COLUMNS},
          (SELECT json_agg(json_build_object('owner', r.owner, 'data', r.data) ORDER BY r.owner)
            FROM catalog_records r WHERE r.pool_id = c.pool_id AND r.removed IS NULL) AS records
        FROM catalog_zones c WHERE c.name = ${name}`,
      'catalog-zone-load',
    );
    if (!row) return null;
    const { records, ...catalog } = row;
    return { catalog, records: records ?? [] };
  }

  /**
   * What changed in the pool's catalog after version `from` up to version `to` (both held by the caller:
   * `to` the version it serves): the records there at `from` and gone by `to`, and those added since and
   * still there at `to`.
   */
  async difference(poolId: string, from: number, to: number): Promise<CatalogDifference> {
    const [row] = await query<{ removed: CatalogRecordRow[] | null; added: CatalogRecordRow[] | null }>(
      this.prisma.pg,
      Prisma.sql`SELECT
          (SELECT json_agg(json_build_object('owner', owner, 'data', data) ORDER BY owner) FROM catalog_records
            WHERE pool_id = ${poolId}::uuid AND added <= ${from} AND removed > ${from} AND removed <= ${to}) AS removed,
          (SELECT json_agg(json_build_object('owner', owner, 'data', data) ORDER BY owner) FROM catalog_records
            WHERE pool_id = ${poolId}::uuid AND added > ${from} AND added <= ${to} AND (removed IS NULL OR removed > ${to})) AS added`,
      'catalog-zone-difference',
    );
    return { removed: row.removed ?? [], added: row.added ?? [] };
  }

  /**
   * Forgets the records removed more than `keep` versions ago in every catalog (IXFR from before then gets
   * the whole catalog); how many were deleted.
   */
  async prune(keep: number): Promise<number> {
    const [row] = await query<{ count: number }>(
      this.prisma.pg,
      Prisma.sql`WITH horizon AS (UPDATE catalog_zones SET pruned_below = greatest(pruned_below, version - ${keep})
            WHERE pruned_below < version - ${keep} RETURNING pool_id, pruned_below),
          pruned AS (DELETE FROM catalog_records r USING horizon h
            WHERE r.pool_id = h.pool_id AND r.removed IS NOT NULL AND r.removed < h.pruned_below RETURNING r.id)
        SELECT count(*)::int AS count FROM pruned`,
      'catalog-zone-prune',
    );
    return row.count;
  }
}
