import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { clientOf } from '../sql';
import { Transaction } from '../transaction';

/** Characters of the zonefile per COPY message. */
const PIECE_CHARS = 64 * 1024;

/** COPY's text format: the delimiter (tab), the line ends and the escape character itself are escaped. */
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const copyText = (text: string) => text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]);

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
 * Inserts a pending import's row with COPY, the zonefile (its text in pieces of any size) streamed in
 * pieces of PIECE_CHARS: as an INSERT parameter it was one string, built into protocol buffers as large
 * as the file, twice over, for every import being stored at once.
 */
export async function copyPendingImport(
  tx: Transaction,
  row: { id: string; projectId: string; mayUseBlacklisted: boolean; zonefile: Iterable<string> },
): Promise<void> {
  function* copyData(): Generator<string> {
    yield `${row.id}\t${copyText(row.projectId)}\tPENDING\t${row.mayUseBlacklisted ? 't' : 'f'}\t`;
    for (const text of row.zonefile) for (const piece of piecesOf(text)) yield copyText(piece);
    yield '\n';
  }
  await pipeline(
    Readable.from(copyData()),
    clientOf(tx).query(
      copyFrom('COPY zone_imports (id, project_id, status, may_use_blacklisted, content) FROM STDIN'),
    ),
  );
}
