-- AlterTable
ALTER TABLE "pools" ADD COLUMN     "project_id" TEXT;
