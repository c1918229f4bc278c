-- CreateTable
CREATE TABLE "zone_shares" (
    "id" UUID NOT NULL,
    "zone_id" UUID NOT NULL,
    "project_id" TEXT NOT NULL,
    "target_project_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "zone_shares_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "zone_shares_target_project_id_idx" ON "zone_shares"("target_project_id");

-- CreateIndex
CREATE UNIQUE INDEX "zone_shares_zone_id_target_project_id_key" ON "zone_shares"("zone_id", "target_project_id");

-- AddForeignKey
ALTER TABLE "zone_shares" ADD CONSTRAINT "zone_shares_zone_id_fkey" FOREIGN KEY ("zone_id") REFERENCES "zones"("id") ON DELETE CASCADE ON UPDATE CASCADE;
