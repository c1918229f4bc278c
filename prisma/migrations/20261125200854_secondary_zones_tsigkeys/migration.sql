-- CreateEnum
CREATE TYPE "TsigKeyScope" AS ENUM ('POOL', 'ZONE');

-- AlterTable
ALTER TABLE "zones" ADD COLUMN     "refresh_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "tsigkeys" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "algorithm" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "scope" "TsigKeyScope" NOT NULL,
    "resource_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "tsigkeys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "tsigkeys_name_key" ON "tsigkeys"("name");

-- CreateIndex
CREATE INDEX "tsigkeys_scope_resource_id_idx" ON "tsigkeys"("scope", "resource_id");

-- CreateIndex
CREATE INDEX "tsigkeys_created_at_id_idx" ON "tsigkeys"("created_at", "id");

-- CreateIndex
CREATE INDEX "zones_refresh_at_idx" ON "zones"("refresh_at");
