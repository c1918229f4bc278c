-- CreateTable
CREATE TABLE "zone_dnssec" (
    "zone_id" UUID NOT NULL,
    "algorithm" INTEGER NOT NULL,
    "next_event_at" TIMESTAMP(6) NOT NULL,
    "created_at" TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(6),

    CONSTRAINT "zone_dnssec_pkey" PRIMARY KEY ("zone_id")
);

-- CreateTable
CREATE TABLE "zone_dnssec_keys" (
    "id" UUID NOT NULL,
    "zone_id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "algorithm" INTEGER NOT NULL,
    "key_tag" INTEGER NOT NULL,
    "public_key" TEXT NOT NULL,
    "private_key" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "created_at" TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "activate_at" TIMESTAMP(6),
    "activated_at" TIMESTAMP(6),
    "retired_at" TIMESTAMP(6),
    "remove_at" TIMESTAMP(6),

    CONSTRAINT "zone_dnssec_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "zone_dnssec_next_event_at_idx" ON "zone_dnssec"("next_event_at");

-- CreateIndex
CREATE INDEX "zone_dnssec_keys_zone_id_idx" ON "zone_dnssec_keys"("zone_id");

-- AddForeignKey
ALTER TABLE "zone_dnssec" ADD CONSTRAINT "zone_dnssec_zone_id_fkey" FOREIGN KEY ("zone_id") REFERENCES "zones"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "zone_dnssec_keys" ADD CONSTRAINT "zone_dnssec_keys_zone_id_fkey" FOREIGN KEY ("zone_id") REFERENCES "zone_dnssec"("zone_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the roles and states the service knows (Prisma cannot express CHECK constraints).
ALTER TABLE "zone_dnssec_keys" ADD CONSTRAINT "zone_dnssec_keys_role_check" CHECK ("role" IN ('KSK', 'ZSK'));
ALTER TABLE "zone_dnssec_keys" ADD CONSTRAINT "zone_dnssec_keys_state_check" CHECK ("state" IN ('PUBLISHED', 'ACTIVE', 'RETIRED'));
