-- An import's zonefile in pieces (docs/persistence.md, "Imports"): each piece written by its own short
-- statement while the upload is read, instead of the whole file in one row and one statement bound by the
-- gateway's statement timeout. Pending imports keep their zonefile, moved as one piece.
CREATE TABLE "zone_import_chunks" (
    "import_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "zone_import_chunks_pkey" PRIMARY KEY ("import_id","seq")
);

INSERT INTO "zone_import_chunks" ("import_id", "seq", "content")
    SELECT "id", 0, "content" FROM "zone_imports" WHERE "content" IS NOT NULL AND "status" = 'PENDING';

-- AlterTable
ALTER TABLE "zone_imports" DROP COLUMN "content";
