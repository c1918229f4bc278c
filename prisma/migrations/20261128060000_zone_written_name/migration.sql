-- The zone's name in the letter case it was given, when that differs from the lower-case `name`
-- (nullable: no existing row is rewritten).
ALTER TABLE "zones" ADD COLUMN "written_name" TEXT;
