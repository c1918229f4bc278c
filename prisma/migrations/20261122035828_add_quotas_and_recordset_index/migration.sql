-- CreateTable
CREATE TABLE "quotas" (
    "project_id" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "hard_limit" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "quotas_pkey" PRIMARY KEY ("project_id","resource")
);

-- CreateIndex
CREATE INDEX "recordsets_zone_id_created_at_id_idx" ON "recordsets"("zone_id", "created_at", "id");
