-- CreateTable
CREATE TABLE "project_zone_counts" (
    "project_id" TEXT NOT NULL,
    "shard" INTEGER NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "project_zone_counts_pkey" PRIMARY KEY ("project_id","shard")
);

-- CreateIndex
CREATE INDEX "zones_project_id_id_idx" ON "zones"("project_id", "id");

-- CreateIndex
CREATE INDEX "zones_project_id_name_id_idx" ON "zones"("project_id", "name", "id");

-- CreateIndex
CREATE INDEX "zones_project_id_serial_id_idx" ON "zones"("project_id", "serial", "id");

-- CreateIndex
CREATE INDEX "zones_project_id_ttl_id_idx" ON "zones"("project_id", "ttl", "id");

-- CreateIndex
CREATE INDEX "zones_created_at_id_idx" ON "zones"("created_at", "id");

-- CreateIndex
CREATE INDEX "zones_name_id_idx" ON "zones"("name", "id");

-- CreateIndex
CREATE INDEX "zones_serial_id_idx" ON "zones"("serial", "id");

-- CreateIndex
CREATE INDEX "zones_ttl_id_idx" ON "zones"("ttl", "id");

-- Hand-written (Prisma's schema language cannot express it), see docs/persistence.md, "Zones at scale".
-- The migration runner splits statements at every semicolon: those inside bodies are written \073.

-- A zone's name with its characters reversed ('example.com.' -> '.moc.elpmaxe'), bytewise ordered: the
-- live zones inside X are the range after reverse('.' || X), one index range scan whatever the table holds.
-- Not in schema.prisma (generated columns are not expressible there), and nothing in Prisma's client reads it.
ALTER TABLE "zones" ADD COLUMN "reversed_name" TEXT COLLATE "C" GENERATED ALWAYS AS (reverse("name")) STORED;
CREATE INDEX "zones_live_reversed_name_idx" ON "zones"("reversed_name") WHERE "status" <> 'DELETED';

-- Keyset indexes of the expression sort keys (ZONE_COLLECTION, DESIGNATE_ZONE_COLLECTION in zone.record.ts:
-- the expressions must stay identical for the planner to match them). An enum's ::text is not immutable,
-- hence the status spelled out label by label.
CREATE INDEX "zones_project_id_updated_at_id_idx" ON "zones"("project_id", (COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "zones_updated_at_id_idx" ON "zones"((COALESCE("updated_at", '-infinity'::timestamp)), "id");
CREATE INDEX "zones_project_id_status_id_idx" ON "zones"("project_id", (CASE "status" WHEN 'ACTIVE' THEN 'ACTIVE' WHEN 'PENDING' THEN 'PENDING' WHEN 'ERROR' THEN 'ERROR' ELSE 'DELETED' END), "id");
CREATE INDEX "zones_status_id_idx" ON "zones"((CASE "status" WHEN 'ACTIVE' THEN 'ACTIVE' WHEN 'PENDING' THEN 'PENDING' WHEN 'ERROR' THEN 'ERROR' ELSE 'DELETED' END), "id");
CREATE INDEX "zones_project_id_shown_status_id_idx" ON "zones"("project_id", (CASE WHEN "status" = 'ACTIVE' AND "action" IN ('CREATE', 'UPDATE') THEN 'PENDING' ELSE (CASE "status" WHEN 'ACTIVE' THEN 'ACTIVE' WHEN 'PENDING' THEN 'PENDING' WHEN 'ERROR' THEN 'ERROR' ELSE 'DELETED' END) END), "id");
CREATE INDEX "zones_shown_status_id_idx" ON "zones"((CASE WHEN "status" = 'ACTIVE' AND "action" IN ('CREATE', 'UPDATE') THEN 'PENDING' ELSE (CASE "status" WHEN 'ACTIVE' THEN 'ACTIVE' WHEN 'PENDING' THEN 'PENDING' WHEN 'ERROR' THEN 'ERROR' ELSE 'DELETED' END) END), "id");

-- project_zone_counts follows every insert and delete of a zone, and every change of its project or of its
-- liveness, in the writer's transaction. The shard is the backend's: concurrent writers (one transaction a
-- backend) mostly move different rows, so they do not wait on each other's row lock until commit.
CREATE FUNCTION "zonewarden_count_zones"() RETURNS trigger LANGUAGE plpgsql AS E'
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
  RETURN NULL\073
END';
CREATE TRIGGER "zones_count_insert_delete" AFTER INSERT OR DELETE ON "zones" FOR EACH ROW EXECUTE FUNCTION "zonewarden_count_zones"();
CREATE TRIGGER "zones_count_update" AFTER UPDATE OF "project_id", "status" ON "zones" FOR EACH ROW
  WHEN (OLD."project_id" IS DISTINCT FROM NEW."project_id" OR (OLD."status" = 'DELETED') <> (NEW."status" = 'DELETED'))
  EXECUTE FUNCTION "zonewarden_count_zones"();

-- The project's live zones, once the caller holds the project's zone lock (until its transaction ends):
-- the sum is read after the lock, in a snapshot of its own, so no concurrent creation can overtake it.
CREATE FUNCTION "zonewarden_lock_live_zone_count"(p text) RETURNS integer LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(''zones-of:'' || p))\073
  RETURN (SELECT coalesce(sum(count), 0)::int FROM project_zone_counts WHERE project_id = p)\073
END';

-- Rebuilds the counters from zones (a bulk loader calls it after loading with the triggers off), zones
-- stay unchanged meanwhile.
CREATE FUNCTION "zonewarden_recount_projects"() RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  LOCK TABLE zones IN SHARE MODE\073
  DELETE FROM project_zone_counts\073
  INSERT INTO project_zone_counts (project_id, shard, count, total)
    SELECT project_id, 0, count(*) FILTER (WHERE status <> ''DELETED''), count(*) FROM zones GROUP BY project_id\073
END';

SELECT "zonewarden_recount_projects"();
