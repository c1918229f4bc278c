-- CreateTable
CREATE TABLE "zone_dnssec_records" (
    "id" BIGSERIAL NOT NULL,
    "zone_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "covers" TEXT,
    "ttl" INTEGER NOT NULL,
    "data" TEXT NOT NULL,

    CONSTRAINT "zone_dnssec_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "zone_dnssec_records_zone_id_name_type_idx" ON "zone_dnssec_records"("zone_id", "name", "type");

-- AddForeignKey
ALTER TABLE "zone_dnssec_records" ADD CONSTRAINT "zone_dnssec_records_zone_id_fkey" FOREIGN KEY ("zone_id") REFERENCES "zones"("id") ON DELETE CASCADE ON UPDATE CASCADE;
