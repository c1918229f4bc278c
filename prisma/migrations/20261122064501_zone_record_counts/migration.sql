-- AlterTable
ALTER TABLE "zones" ADD COLUMN     "record_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "recordset_count" INTEGER NOT NULL DEFAULT 0;

-- Backfill: what the quota checks counted until now.
UPDATE "zones" AS z SET "recordset_count" = c.sets, "record_count" = c.records
FROM (
  SELECT s."zone_id", count(DISTINCT s."id")::int AS sets, count(r."id")::int AS records
  FROM "recordsets" s LEFT JOIN "records" r ON r."recordset_id" = s."id"
  WHERE NOT s."managed" AND s."action" <> 'DELETE'
  GROUP BY s."zone_id"
) AS c
WHERE z."id" = c."zone_id";
