-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "ZoneStatus" AS ENUM ('ACTIVE', 'PENDING', 'ERROR', 'DELETED');

-- CreateEnum
CREATE TYPE "ZoneAction" AS ENUM ('CREATE', 'UPDATE', 'DELETE', 'NONE');

-- CreateEnum
CREATE TYPE "ZoneType" AS ENUM ('PRIMARY', 'SECONDARY', 'CATALOG');

-- CreateEnum
CREATE TYPE "TaskStatus" AS ENUM ('ACTIVE', 'PENDING', 'DELETED', 'ERROR', 'COMPLETE');

-- CreateTable
CREATE TABLE "pools" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "pools_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pool_ns_records" (
    "id" UUID NOT NULL,
    "pool_id" UUID NOT NULL,
    "hostname" TEXT NOT NULL,
    "priority" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "pool_ns_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pool_nameservers" (
    "id" UUID NOT NULL,
    "pool_id" UUID NOT NULL,
    "host" TEXT NOT NULL,
    "port" INTEGER NOT NULL,

    CONSTRAINT "pool_nameservers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pool_targets" (
    "id" UUID NOT NULL,
    "pool_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "description" TEXT,
    "options" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "pool_targets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pool_also_notifies" (
    "id" UUID NOT NULL,
    "pool_id" UUID NOT NULL,
    "host" TEXT NOT NULL,
    "port" INTEGER NOT NULL,

    CONSTRAINT "pool_also_notifies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "zones" (
    "id" UUID NOT NULL,
    "project_id" TEXT NOT NULL,
    "pool_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "ttl" INTEGER NOT NULL,
    "serial" BIGINT NOT NULL,
    "status" "ZoneStatus" NOT NULL DEFAULT 'ACTIVE',
    "action" "ZoneAction" NOT NULL DEFAULT 'CREATE',
    "type" "ZoneType" NOT NULL DEFAULT 'PRIMARY',
    "description" TEXT,
    "masters" JSONB NOT NULL DEFAULT '[]',
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 1,
    "error_reason" TEXT,
    "action_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),
    "transferred_at" TIMESTAMP(3),

    CONSTRAINT "zones_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recordsets" (
    "id" UUID NOT NULL,
    "zone_id" UUID NOT NULL,
    "project_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "ttl" INTEGER,
    "description" TEXT,
    "status" "ZoneStatus" NOT NULL DEFAULT 'ACTIVE',
    "action" "ZoneAction" NOT NULL DEFAULT 'CREATE',
    "managed" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "recordsets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "records" (
    "id" UUID NOT NULL,
    "recordset_id" UUID NOT NULL,
    "data" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "zone_transfer_requests" (
    "id" UUID NOT NULL,
    "zone_id" UUID NOT NULL,
    "zone_name" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "target_project_id" TEXT,
    "description" TEXT,
    "key" TEXT NOT NULL,
    "status" "TaskStatus" NOT NULL DEFAULT 'ACTIVE',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "zone_transfer_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "zone_transfer_accepts" (
    "id" UUID NOT NULL,
    "zone_transfer_request_id" UUID NOT NULL,
    "zone_id" UUID NOT NULL,
    "project_id" TEXT NOT NULL,
    "status" "TaskStatus" NOT NULL DEFAULT 'ACTIVE',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "zone_transfer_accepts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "zone_imports" (
    "id" UUID NOT NULL,
    "project_id" TEXT NOT NULL,
    "status" "TaskStatus" NOT NULL DEFAULT 'PENDING',
    "message" TEXT,
    "zone_id" UUID,
    "content" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "zone_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "zone_exports" (
    "id" UUID NOT NULL,
    "project_id" TEXT NOT NULL,
    "zone_id" UUID NOT NULL,
    "status" "TaskStatus" NOT NULL DEFAULT 'PENDING',
    "message" TEXT,
    "location" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "zone_exports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_messages" (
    "id" UUID NOT NULL,
    "pattern" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "available_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMP(3),

    CONSTRAINT "outbox_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_messages" (
    "consumer" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_messages_pkey" PRIMARY KEY ("consumer","message_id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "roles" TEXT[],
    "description" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3),

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "pools_name_key" ON "pools"("name");

-- CreateIndex
CREATE UNIQUE INDEX "pool_ns_records_pool_id_hostname_key" ON "pool_ns_records"("pool_id", "hostname");

-- CreateIndex
CREATE UNIQUE INDEX "pool_nameservers_pool_id_host_port_key" ON "pool_nameservers"("pool_id", "host", "port");

-- CreateIndex
CREATE UNIQUE INDEX "pool_also_notifies_pool_id_host_port_key" ON "pool_also_notifies"("pool_id", "host", "port");

-- CreateIndex
CREATE INDEX "zones_project_id_created_at_id_idx" ON "zones"("project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "zones_action_action_at_idx" ON "zones"("action", "action_at");

-- CreateIndex
CREATE INDEX "recordsets_project_id_created_at_id_idx" ON "recordsets"("project_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "recordsets_zone_id_name_type_key" ON "recordsets"("zone_id", "name", "type");

-- CreateIndex
CREATE UNIQUE INDEX "records_recordset_id_data_key" ON "records"("recordset_id", "data");

-- CreateIndex
CREATE INDEX "zone_transfer_requests_project_id_idx" ON "zone_transfer_requests"("project_id");

-- CreateIndex
CREATE INDEX "zone_transfer_requests_target_project_id_idx" ON "zone_transfer_requests"("target_project_id");

-- CreateIndex
CREATE INDEX "zone_transfer_accepts_project_id_idx" ON "zone_transfer_accepts"("project_id");

-- CreateIndex
CREATE INDEX "zone_imports_project_id_created_at_id_idx" ON "zone_imports"("project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "zone_exports_project_id_created_at_id_idx" ON "zone_exports"("project_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- AddForeignKey
ALTER TABLE "pool_ns_records" ADD CONSTRAINT "pool_ns_records_pool_id_fkey" FOREIGN KEY ("pool_id") REFERENCES "pools"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pool_nameservers" ADD CONSTRAINT "pool_nameservers_pool_id_fkey" FOREIGN KEY ("pool_id") REFERENCES "pools"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pool_targets" ADD CONSTRAINT "pool_targets_pool_id_fkey" FOREIGN KEY ("pool_id") REFERENCES "pools"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pool_also_notifies" ADD CONSTRAINT "pool_also_notifies_pool_id_fkey" FOREIGN KEY ("pool_id") REFERENCES "pools"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "zones" ADD CONSTRAINT "zones_pool_id_fkey" FOREIGN KEY ("pool_id") REFERENCES "pools"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recordsets" ADD CONSTRAINT "recordsets_zone_id_fkey" FOREIGN KEY ("zone_id") REFERENCES "zones"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "records" ADD CONSTRAINT "records_recordset_id_fkey" FOREIGN KEY ("recordset_id") REFERENCES "recordsets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "zone_transfer_accepts" ADD CONSTRAINT "zone_transfer_accepts_zone_transfer_request_id_fkey" FOREIGN KEY ("zone_transfer_request_id") REFERENCES "zone_transfer_requests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written, as the Prisma schema language cannot express partial indexes.
-- Zone names are unique among live zones. A zone confirmed deleted (awaiting purge) frees its name.
CREATE UNIQUE INDEX "zones_live_name_key" ON "zones"("name") WHERE "status" <> 'DELETED';

-- At most one ACTIVE transfer request per zone.
CREATE UNIQUE INDEX "zone_transfer_requests_active_zone_key" ON "zone_transfer_requests"("zone_id") WHERE "status" = 'ACTIVE';

-- The outbox relay reads only unpublished messages, oldest first.
CREATE INDEX "outbox_messages_pending_idx" ON "outbox_messages"("created_at", "id") WHERE "published_at" IS NULL;

-- Wakes the outbox relays (LISTEN zonewarden_outbox) when a transaction that wrote to the outbox commits.
-- The migration runner splits statements at every semicolon, so those inside the body are written \073.
CREATE FUNCTION "notify_outbox"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN PERFORM pg_notify(''zonewarden_outbox'', '''')\073 RETURN NULL\073 END';
CREATE TRIGGER "outbox_messages_notify" AFTER INSERT ON "outbox_messages" FOR EACH STATEMENT EXECUTE FUNCTION "notify_outbox"();
