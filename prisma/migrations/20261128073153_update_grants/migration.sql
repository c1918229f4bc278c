-- Update grants (RFC 2136 dynamic updates, docs/dns-updates.md): the TSIG keys the project of a zone gives out,
-- each with the names and types it may change and whether it may transfer the zone. A key name is unique within
-- its zone, the secret is stored as in tsigkeys (encrypted under TSIG_KEY_ENCRYPTION_KEYS when set). Grants go
-- with their zone (ON DELETE CASCADE: purge and abandon). The types column is NOT NULL by hand (Prisma makes
-- lists nullable).
-- CreateTable
CREATE TABLE "update_grants" (
    "id" UUID NOT NULL,
    "zone_id" UUID NOT NULL,
    "key_name" TEXT NOT NULL,
    "algorithm" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "names" JSONB NOT NULL DEFAULT '[]',
    "types" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "allow_transfer" BOOLEAN NOT NULL DEFAULT false,
    "description" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "update_grants_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "update_grants_zone_id_created_at_id_idx" ON "update_grants"("zone_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "update_grants_zone_id_key_name_key" ON "update_grants"("zone_id", "key_name");

-- AddForeignKey
ALTER TABLE "update_grants" ADD CONSTRAINT "update_grants_zone_id_fkey" FOREIGN KEY ("zone_id") REFERENCES "zones"("id") ON DELETE CASCADE ON UPDATE CASCADE;
