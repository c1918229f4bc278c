-- CreateTable
CREATE TABLE "service_statuses" (
    "id" UUID NOT NULL,
    "service_name" TEXT NOT NULL,
    "hostname" TEXT NOT NULL,
    "process_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "heartbeat_interval_ms" INTEGER NOT NULL,
    "stats" JSONB NOT NULL DEFAULT '{}',
    "capabilities" JSONB NOT NULL DEFAULT '{}',
    "heartbeated_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3),

    CONSTRAINT "service_statuses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "service_statuses_service_name_hostname_process_id_key" ON "service_statuses"("service_name", "hostname", "process_id");
