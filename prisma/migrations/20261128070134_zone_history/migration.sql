-- The zones' history (/v2/zones/{id}/changes): one row per change, written in the change's transaction, and
-- each zone's last confirmed serial (a change is ACTIVE once its serial is served everywhere). A zone's
-- history goes with the zone (ON DELETE CASCADE: purge and abandon).
-- AlterTable
ALTER TABLE "zones" ADD COLUMN     "propagated_serial" BIGINT;

-- CreateTable
CREATE TABLE "zone_history" (
    "id" UUID NOT NULL,
    "zone_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "actor_project_id" TEXT,
    "actor" JSONB NOT NULL,
    "comment" TEXT,
    "previous_serial" BIGINT,
    "serial" BIGINT NOT NULL,
    "rrsets" JSONB NOT NULL,
    "fields" JSONB,
    "soa_after" TEXT,
    "created_at" TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "zone_history_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "zone_history_zone_id_created_at_id_idx" ON "zone_history"("zone_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "zone_history_zone_id_serial_id_idx" ON "zone_history"("zone_id", "serial", "id");

-- CreateIndex
CREATE INDEX "zone_history_zone_id_source_created_at_id_idx" ON "zone_history"("zone_id", "source", "created_at", "id");

-- CreateIndex
CREATE INDEX "zone_history_created_at_idx" ON "zone_history"("created_at");

-- AddForeignKey
ALTER TABLE "zone_history" ADD CONSTRAINT "zone_history_zone_id_fkey" FOREIGN KEY ("zone_id") REFERENCES "zones"("id") ON DELETE CASCADE ON UPDATE CASCADE;
