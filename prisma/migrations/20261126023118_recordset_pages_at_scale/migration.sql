-- CreateTable
CREATE TABLE "zone_counts" (
    "shard" INTEGER NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "zone_counts_pkey" PRIMARY KEY ("shard")
);

-- CreateIndex
CREATE INDEX "zone_shares_project_id_idx" ON "zone_shares"("project_id");

-- CreateIndex
CREATE INDEX "recordsets_zone_id_id_idx" ON "recordsets"("zone_id", "id");

-- CreateIndex
CREATE INDEX "recordsets_zone_id_name_id_idx" ON "recordsets"("zone_id", "name", "id");

-- CreateIndex
CREATE INDEX "recordsets_zone_id_type_id_idx" ON "recordsets"("zone_id", "type", "id");

-- CreateIndex
CREATE INDEX "recordsets_zone_id_project_id_id_idx" ON "recordsets"("zone_id", "project_id", "id");

-- CreateIndex
CREATE INDEX "recordsets_project_id_id_idx" ON "recordsets"("project_id", "id");

-- CreateIndex
CREATE INDEX "recordsets_project_id_name_id_idx" ON "recordsets"("project_id", "name", "id");

-- CreateIndex
CREATE INDEX "recordsets_project_id_type_id_idx" ON "recordsets"("project_id", "type", "id");

-- CreateIndex
CREATE INDEX "recordsets_project_id_zone_id_id_idx" ON "recordsets"("project_id", "zone_id", "id");

-- CreateIndex
CREATE INDEX "recordsets_created_at_id_idx" ON "recordsets"("created_at", "id");

-- DropIndex
DROP INDEX "zone_transfer_requests_project_id_idx";

-- DropIndex
DROP INDEX "zone_transfer_requests_target_project_id_idx";

-- DropIndex
DROP INDEX "zone_transfer_accepts_project_id_idx";

-- CreateIndex
CREATE INDEX "zone_transfer_requests_project_id_created_at_id_idx" ON "zone_transfer_requests"("project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "zone_transfer_requests_project_id_id_idx" ON "zone_transfer_requests"("project_id", "id");

-- CreateIndex
CREATE INDEX "zone_transfer_requests_target_project_id_created_at_id_idx" ON "zone_transfer_requests"("target_project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "zone_transfer_requests_target_project_id_id_idx" ON "zone_transfer_requests"("target_project_id", "id");

-- CreateIndex
CREATE INDEX "zone_transfer_requests_created_at_id_idx" ON "zone_transfer_requests"("created_at", "id");

-- CreateIndex
CREATE INDEX "zone_transfer_accepts_project_id_created_at_id_idx" ON "zone_transfer_accepts"("project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "zone_transfer_accepts_project_id_id_idx" ON "zone_transfer_accepts"("project_id", "id");

-- CreateIndex
CREATE INDEX "zone_transfer_accepts_created_at_id_idx" ON "zone_transfer_accepts"("created_at", "id");

-- CreateIndex
CREATE INDEX "zone_imports_project_id_id_idx" ON "zone_imports"("project_id", "id");

-- CreateIndex
CREATE INDEX "zone_imports_created_at_id_idx" ON "zone_imports"("created_at", "id");

-- CreateIndex
CREATE INDEX "zone_exports_project_id_id_idx" ON "zone_exports"("project_id", "id");

-- CreateIndex
CREATE INDEX "zone_exports_created_at_id_idx" ON "zone_exports"("created_at", "id");

-- Hand-written (Prisma's schema language cannot express it), see docs/persistence.md, "Record sets at scale".
-- The migration runner splits statements at every semicolon: those inside bodies are written \073.

-- Keyset indexes of the expression sort keys of RECORDSET_COLLECTION (recordset.record.ts, BASE_SORT_KEYS:
-- the expressions must stay identical for the planner to match them): a zone's, a project's, all.
CREATE INDEX "recordsets_zone_id_ttl_id_idx" ON "recordsets"("zone_id", (COALESCE("ttl", -1)), "id");
CREATE INDEX "recordsets_zone_id_updated_at_id_idx" ON "recordsets"("zone_id", (COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "recordsets_project_id_ttl_id_idx" ON "recordsets"("project_id", (COALESCE("ttl", -1)), "id");
CREATE INDEX "recordsets_project_id_updated_at_id_idx" ON "recordsets"("project_id", (COALESCE("updated_at", '-infinity'::timestamp)), "id");
-- The task collections' updated_at (BASE_SORT_KEYS), likewise: a project's and all, and TSIG keys' (admins).
CREATE INDEX "zone_imports_project_id_updated_at_id_idx" ON "zone_imports"("project_id", (COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "zone_imports_updated_at_id_idx" ON "zone_imports"((COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "zone_exports_project_id_updated_at_id_idx" ON "zone_exports"("project_id", (COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "zone_exports_updated_at_id_idx" ON "zone_exports"((COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "zone_transfer_requests_project_id_updated_at_id_idx" ON "zone_transfer_requests"("project_id", (COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "zone_transfer_requests_target_project_id_updated_at_id_idx" ON "zone_transfer_requests"("target_project_id", (COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "zone_transfer_requests_updated_at_id_idx" ON "zone_transfer_requests"((COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "zone_transfer_accepts_project_id_updated_at_id_idx" ON "zone_transfer_accepts"("project_id", (COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "zone_transfer_accepts_updated_at_id_idx" ON "zone_transfer_accepts"((COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "tsigkeys_updated_at_id_idx" ON "tsigkeys"((COALESCE("updated_at", '-infinity'::timestamp)), "id");

-- The record sets a zone lists beyond its recordset_count (managed ones, those being deleted): a zone's
-- unfiltered total_count is recordset_count plus these, a few rows of this index.
CREATE INDEX "recordsets_uncounted_idx" ON "recordsets"("zone_id") WHERE "managed" OR "action" = 'DELETE';

-- zone_counts: every project's zones together, moved by the same trigger as project_zone_counts (inserts
-- and deletes only: a change of project or liveness leaves the total as it is). 64 shards, the writing
-- backend's: every writer of the installation shares them, not only a project's.
CREATE OR REPLACE FUNCTION "zonewarden_count_zones"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE s int := pg_backend_pid() % 16\073
BEGIN
  IF TG_OP <> ''INSERT'' THEN
    INSERT INTO project_zone_counts AS c (project_id, shard, count, total)
      VALUES (OLD.project_id, s, CASE WHEN OLD.status = ''DELETED'' THEN 0 ELSE -1 END, -1)
      ON CONFLICT (project_id, shard) DO UPDATE SET count = c.count + EXCLUDED.count, total = c.total + EXCLUDED.total\073
  END IF\073
  IF TG_OP <> ''DELETE'' THEN
    INSERT INTO project_zone_counts AS c (project_id, shard, count, total)
      VALUES (NEW.project_id, s, CASE WHEN NEW.status = ''DELETED'' THEN 0 ELSE 1 END, 1)
      ON CONFLICT (project_id, shard) DO UPDATE SET count = c.count + EXCLUDED.count, total = c.total + EXCLUDED.total\073
  END IF\073
  IF TG_OP <> ''UPDATE'' THEN
    INSERT INTO zone_counts AS c (shard, total)
      VALUES (pg_backend_pid() % 64, CASE TG_OP WHEN ''INSERT'' THEN 1 ELSE -1 END)
      ON CONFLICT (shard) DO UPDATE SET total = c.total + EXCLUDED.total\073
  END IF\073
  RETURN NULL\073
END';

CREATE OR REPLACE FUNCTION "zonewarden_recount_projects"() RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  LOCK TABLE zones IN SHARE MODE\073
  DELETE FROM project_zone_counts\073
  INSERT INTO project_zone_counts (project_id, shard, count, total)
    SELECT project_id, 0, count(*) FILTER (WHERE status <> ''DELETED''), count(*) FROM zones GROUP BY project_id\073
  DELETE FROM zone_counts\073
  INSERT INTO zone_counts (shard, total) SELECT 0, count(*) FROM zones\073
END';

SELECT "zonewarden_recount_projects"();
