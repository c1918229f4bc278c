-- AlterTable
ALTER TABLE "zones" ADD COLUMN     "pool_move_stage" SMALLINT,
ADD COLUMN     "previous_pool_id" UUID;

-- CreateTable
CREATE TABLE "catalog_zones" (
    "pool_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "refresh" INTEGER NOT NULL,
    "tsig_key_name" TEXT,
    "tsig_algorithm" TEXT,
    "tsig_secret" TEXT,
    "version" BIGINT NOT NULL,
    "pruned_below" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "catalog_zones_pkey" PRIMARY KEY ("pool_id")
);

-- CreateTable
CREATE TABLE "catalog_records" (
    "id" BIGSERIAL NOT NULL,
    "pool_id" UUID NOT NULL,
    "zone_id" UUID NOT NULL,
    "owner" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "added" BIGINT NOT NULL,
    "removed" BIGINT,

    CONSTRAINT "catalog_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "catalog_zones_name_key" ON "catalog_zones"("name");

-- CreateIndex
CREATE INDEX "catalog_records_pool_id_removed_idx" ON "catalog_records"("pool_id", "removed");

-- AddForeignKey
ALTER TABLE "catalog_zones" ADD CONSTRAINT "catalog_zones_pool_id_fkey" FOREIGN KEY ("pool_id") REFERENCES "pools"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalog_records" ADD CONSTRAINT "catalog_records_pool_id_fkey" FOREIGN KEY ("pool_id") REFERENCES "catalog_zones"("pool_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written, as the Prisma schema language cannot express triggers and partial indexes.
-- One live record per owner name of a catalog.
CREATE UNIQUE INDEX "catalog_records_live_owner_key" ON "catalog_records"("pool_id", "owner") WHERE "removed" IS NULL;

-- The PTR records a zone contributes to catalogs (RFC 9432 §4.1 and §4.4.1): a served zone is a member of its
-- pool's catalog, labelled by its id (unique and stable, as Designate labels them), during a pool move
-- (previous_pool_id) it stays a member of the old pool's catalog until stage 3, with a change-of-ownership
-- property pointing to the new pool's catalog, and joins the new one at stage 2. "Served" is mini-dns's
-- (ZoneContentRepository's SERVED): being deleted or not yet transferred, a zone is no member.
CREATE FUNCTION "catalog_entries"(z "zones") RETURNS TABLE ("pool_id" UUID, "owner" TEXT, "data" TEXT)
  LANGUAGE sql STABLE AS $$
  SELECT c.pool_id, z.id::text || '.zones', z.name FROM catalog_zones c
    WHERE z.action <> 'DELETE' AND z.status <> 'DELETED' AND (z.type <> 'SECONDARY' OR z.transferred_at IS NOT NULL)
      AND ((c.pool_id = z.pool_id AND (z.previous_pool_id IS NULL OR z.pool_move_stage >= 2))
        OR (c.pool_id = z.previous_pool_id AND z.pool_move_stage <= 2))
  UNION ALL
  SELECT c.pool_id, 'coo.' || z.id::text || '.zones', n.name FROM catalog_zones c JOIN catalog_zones n ON n.pool_id = z.pool_id
    WHERE z.action <> 'DELETE' AND z.status <> 'DELETED' AND (z.type <> 'SECONDARY' OR z.transferred_at IS NOT NULL)
      AND c.pool_id = z.previous_pool_id AND z.pool_move_stage <= 2
$$;

-- Keeps the catalogs' records in step with the zones, in the transaction of the change: what a zone
-- contributed before and after the change is compared, each catalog touched gets one new version (its SOA
-- serial), the records gone are marked removed at it and the new ones added at it, and the catalog's name
-- enters the zone change log, so that mini-dns reloads it. The update of catalog_zones serialises the
-- membership changes of one catalog (the IXFR built from the versions depends on it), changes of a zone's
-- content leave the catalogs alone. The body's semicolons are written \073 (see the zone_changes migration).
CREATE FUNCTION "catalog_members_changed"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  IF NOT EXISTS (SELECT 1 FROM catalog_zones) THEN RETURN NULL\073 END IF\073
  WITH before AS (SELECT * FROM catalog_entries(OLD)),
    after AS (SELECT * FROM catalog_entries(NEW)),
    gone AS (SELECT * FROM before EXCEPT SELECT * FROM after),
    came AS (SELECT * FROM after EXCEPT SELECT * FROM before),
    bumped AS (UPDATE catalog_zones c SET version = c.version + 1
      WHERE c.pool_id IN (SELECT g.pool_id FROM gone g UNION SELECT n.pool_id FROM came n)
      RETURNING c.pool_id, c.version, c.name),
    removed AS (UPDATE catalog_records r SET removed = b.version FROM gone g JOIN bumped b ON b.pool_id = g.pool_id
      WHERE r.pool_id = g.pool_id AND r.owner = g.owner AND r.removed IS NULL RETURNING r.id),
    added AS (INSERT INTO catalog_records (pool_id, zone_id, owner, data, added)
      SELECT n.pool_id, COALESCE(NEW.id, OLD.id), n.owner, n.data, b.version FROM came n JOIN bumped b ON b.pool_id = n.pool_id
      RETURNING id)
  INSERT INTO zone_changes (zone_id, name) SELECT b.pool_id, b.name FROM bumped b\073
  RETURN NULL\073
END';
CREATE TRIGGER "zones_catalog_insert" AFTER INSERT ON "zones" FOR EACH ROW EXECUTE FUNCTION "catalog_members_changed"();
CREATE TRIGGER "zones_catalog_delete" AFTER DELETE ON "zones" FOR EACH ROW EXECUTE FUNCTION "catalog_members_changed"();
CREATE TRIGGER "zones_catalog_update" AFTER UPDATE ON "zones" FOR EACH ROW
  WHEN ((OLD."action" = 'DELETE') <> (NEW."action" = 'DELETE')
    OR (OLD."status" = 'DELETED') <> (NEW."status" = 'DELETED')
    OR OLD."type" <> NEW."type"
    OR (OLD."transferred_at" IS NULL) <> (NEW."transferred_at" IS NULL)
    OR OLD."pool_id" <> NEW."pool_id"
    OR OLD."previous_pool_id" IS DISTINCT FROM NEW."previous_pool_id"
    OR OLD."pool_move_stage" IS DISTINCT FROM NEW."pool_move_stage")
  EXECUTE FUNCTION "catalog_members_changed"();
