import type { Pool } from 'pg';
import { Prisma } from '../generated/prisma/client';
import { query } from '../sql';
import type { Queryable } from '../transaction';

/** Characters of the zonefile per stored piece: a string that size dies young in a worker's heap. */
const PIECE_CHARS = 64 * 1024;

/** `text` in pieces of about PIECE_CHARS, never between the two halves of a surrogate pair. */
function* piecesOf(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + PIECE_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * Stores an import's zonefile (its text in pieces of any size, as they come) as rows of zone_import_chunks, one short
 * statement per piece of PIECE_CHARS, each on whichever pooled connection is free: however many uploads
 * are stored at once and however long each takes, none holds a connection or runs a statement longer than
 * one piece. (As one COPY per upload inside the request's transaction, 20 uploads of 5 MB held the pool and
 * outlasted the gateway's statement timeout: 503.) Resolves with the number of pieces.
 */
export async function storeZonefileChunks(
  db: Pool,
  importId: string,
  zonefile: AsyncIterable<string> | Iterable<string>,
): Promise<number> {
  let seq = 0;
  for await (const text of zonefile)
    for (const piece of piecesOf(text))
      await query(
        db,
        Prisma.sql`INSERT INTO zone_import_chunks (import_id, seq, content) VALUES (${importId}::uuid, ${seq++}, ${piece})`,
        'import-chunk',
      );
  return seq;
}

/** Removes an import's stored zonefile (the import ended, or its request was never completed). */
export async function discardZonefileChunks(db: Pool | Queryable, importId: string): Promise<void> {
  await query(
    db,
    Prisma.sql`DELETE FROM zone_import_chunks WHERE import_id = ${importId}::uuid`,
    'import-chunks-discard',
  );
}
