-- AlterTable
ALTER TABLE "zone_imports" ADD COLUMN     "may_use_blacklisted" BOOLEAN NOT NULL DEFAULT false;
