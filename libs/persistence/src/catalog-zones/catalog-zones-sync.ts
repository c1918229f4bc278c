import { CatalogZoneConfig, catalogTsigKey } from '@zonewarden/config';
import { Prisma } from '../generated/prisma/client';
import { query } from '../sql';
import { Transaction } from '../transaction';

/**
 * Makes a pool's catalog zone in storage match its `catalog_zone` block (none: the pool has no catalog), in
 * the pools synchronisation's transaction. A new catalog starts at the Unix time as its version (so that a
 * consumer holding an older catalog of that name takes it) and lists the pool's zones at once (the trigger
 * on zones keeps it from then on); a changed name, refresh or key is a new version. Each change enters the
 * zone change log under the names concerned, so that mini-dns serves the catalog as it now is.
 */
export async function syncCatalogZone(
  tx: Transaction,
  poolId: string,
  config: CatalogZoneConfig | undefined,
): Promise<void> {
  if (!config) {
    await query(
      tx,
      Prisma.sql`WITH gone AS (DELETE FROM catalog_zones WHERE pool_id = ${poolId}::uuid RETURNING pool_id, name)
        INSERT INTO zone_changes (zone_id, name) SELECT pool_id, name FROM gone`,
    );
    return;
  }
  const name = config.catalog_zone_fqdn.toLowerCase();
  await checkNameFree(tx, poolId, name);
  const key = catalogTsigKey(config);
  const [row] = await query<{ created: boolean; previous: string | null; changed: boolean }>(
    tx,
    Prisma.sql`WITH previous AS (SELECT name, refresh, tsig_key_name, tsig_algorithm, tsig_secret
          FROM catalog_zones WHERE pool_id = ${poolId}::uuid FOR UPDATE),
        wanted AS (SELECT ${name}::text AS name, ${config.catalog_zone_refresh}::int AS refresh,
          ${key?.name ?? null}::text AS tsig_key_name, ${key?.algorithm ?? null}::text AS tsig_algorithm,
          ${key?.secret ?? null}::text AS tsig_secret),
        written AS (INSERT INTO catalog_zones (pool_id, name, refresh, tsig_key_name, tsig_algorithm, tsig_secret, version, pruned_below)
          SELECT ${poolId}::uuid, w.*, extract(epoch FROM now())::bigint, extract(epoch FROM now())::bigint FROM wanted w
          ON CONFLICT (pool_id) DO UPDATE SET name = EXCLUDED.name, refresh = EXCLUDED.refresh,
            tsig_key_name = EXCLUDED.tsig_key_name, tsig_algorithm = EXCLUDED.tsig_algorithm,
            tsig_secret = EXCLUDED.tsig_secret, version = catalog_zones.version + 1
          WHERE (catalog_zones.name, catalog_zones.refresh, catalog_zones.tsig_key_name, catalog_zones.tsig_algorithm, catalog_zones.tsig_secret)
            IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.refresh, EXCLUDED.tsig_key_name, EXCLUDED.tsig_algorithm, EXCLUDED.tsig_secret)
          RETURNING version)
      SELECT NOT EXISTS (SELECT 1 FROM previous) AS created, (SELECT name FROM previous) AS previous,
        EXISTS (SELECT 1 FROM written) AS changed`,
    'catalog-zone-sync',
  );
  if (!row.changed) return;
  if (row.created)
    await query(
      tx,
      Prisma.sql`INSERT INTO catalog_records (pool_id, zone_id, owner, data, added)
        SELECT e.pool_id, z.id, e.owner, e.data, c.version FROM zones z CROSS JOIN LATERAL catalog_entries(z) e
          JOIN catalog_zones c ON c.pool_id = e.pool_id
        WHERE e.pool_id = ${poolId}::uuid AND (z.pool_id = ${poolId}::uuid OR z.previous_pool_id = ${poolId}::uuid)`,
      'catalog-zone-populate',
    );
  const names = row.previous && row.previous !== name ? [row.previous, name] : [name];
  await query(
    tx,
    Prisma.sql`INSERT INTO zone_changes (zone_id, name) SELECT ${poolId}::uuid, unnest(${names}::text[])`,
  );
}

/** A catalog's name must be no zone's, nor another pool's catalog's: mini-dns could not tell them apart. */
async function checkNameFree(tx: Transaction, poolId: string, name: string): Promise<void> {
  const [taken] = await query<{ what: string }>(
    tx,
    Prisma.sql`SELECT 'a zone' AS what FROM zones WHERE name = ${name} AND status <> 'DELETED'
      UNION ALL SELECT 'the catalog of pool ' || pool_id FROM catalog_zones WHERE name = ${name} AND pool_id <> ${poolId}::uuid
      LIMIT 1`,
  );
  if (taken) throw new Error(`catalog_zone_fqdn ${name} is already the name of ${taken.what}`);
}
