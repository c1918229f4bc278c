-- DropIndex
DROP INDEX "zones_action_action_at_idx";

-- CreateTable
CREATE TABLE "zone_changes" (
    "id" BIGSERIAL NOT NULL,
    "zone_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "txid" BIGINT NOT NULL DEFAULT (pg_current_xact_id())::text::bigint,
    "changed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "zone_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "zone_changes_horizon" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "pruned_below" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "zone_changes_horizon_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "zone_changes_txid_id_idx" ON "zone_changes"("txid", "id");

-- CreateIndex
CREATE INDEX "zone_changes_changed_at_idx" ON "zone_changes"("changed_at");

-- Hand-written, as the Prisma schema language cannot express triggers and partial indexes.
INSERT INTO "zone_changes_horizon" ("id", "pruned_below") VALUES (1, 0);

-- Every change to what mini-dns serves of a zone leaves a row in zone_changes (a rename leaves one for each
-- name). Record set changes bump the zone's serial (so do the DNSSEC signer's records, written with the
-- change they sign), so the zone row tells of them too. The update trigger fires only when a served column
-- changes: the reconciler's claims (action_at), counters, refresh timers or descriptions leave no row.
-- The migration runner splits statements at every semicolon, so those inside the body are written \073.
CREATE FUNCTION "zone_changed"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN IF TG_OP <> ''INSERT'' AND (TG_OP = ''DELETE'' OR OLD.name <> NEW.name) THEN INSERT INTO zone_changes (zone_id, name) VALUES (OLD.id, OLD.name)\073 END IF\073 IF TG_OP <> ''DELETE'' THEN INSERT INTO zone_changes (zone_id, name) VALUES (NEW.id, NEW.name)\073 END IF\073 RETURN NULL\073 END';
CREATE TRIGGER "zones_changed_insert" AFTER INSERT ON "zones" FOR EACH ROW EXECUTE FUNCTION "zone_changed"();
CREATE TRIGGER "zones_changed_delete" AFTER DELETE ON "zones" FOR EACH ROW EXECUTE FUNCTION "zone_changed"();
-- The columns served (name, SOA serial and email, default TTL, type) and those deciding whether the zone is
-- served at all (see ZoneContentRepository's SERVED): being deleted, deleted, a SECONDARY one transferred.
CREATE TRIGGER "zones_changed_update" AFTER UPDATE ON "zones" FOR EACH ROW
  WHEN (OLD."name" <> NEW."name" OR OLD."serial" <> NEW."serial" OR OLD."email" <> NEW."email"
    OR OLD."ttl" <> NEW."ttl" OR OLD."type" <> NEW."type"
    OR OLD."transferred_at" IS DISTINCT FROM NEW."transferred_at"
    OR (OLD."status" = 'DELETED') <> (NEW."status" = 'DELETED')
    OR (OLD."action" = 'DELETE') <> (NEW."action" = 'DELETE'))
  EXECUTE FUNCTION "zone_changed"();

-- mini-dns loads the names of the served zones page by page in name order (index-only).
CREATE INDEX "zones_served_name_idx" ON "zones"("name")
  WHERE "action" <> 'DELETE' AND "status" <> 'DELETED' AND ("type" <> 'SECONDARY' OR "transferred_at" IS NOT NULL);

-- The reconciler claims zones with a pending action, oldest first.
CREATE INDEX "zones_pending_action_at_idx" ON "zones"("action_at") WHERE "action" <> 'NONE';

-- The relays' clean-up removes published messages past their retention.
CREATE INDEX "outbox_messages_published_at_idx" ON "outbox_messages"("published_at") WHERE "published_at" IS NOT NULL;
