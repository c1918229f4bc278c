-- AlterTable
ALTER TABLE "zone_imports" ADD COLUMN     "requested_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "zone_exports" ADD COLUMN     "requested_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "zone_imports_status_requested_at_idx" ON "zone_imports"("status", "requested_at");

-- CreateIndex
CREATE INDEX "zone_exports_status_requested_at_idx" ON "zone_exports"("status", "requested_at");
