import iconv from 'iconv-lite';
import { HttpError } from '../common/errors/http-error';

/** Bytes decoded at a time. */
const PIECE_BYTES = 64 * 1024;
const NUL = '\u0000';

/**
 * A text/dns import body as it was received: its bytes, outside the V8 heap, decoded a piece at a time
 * (with iconv-lite, as express.text decodes) when it is stored. As one string per upload, 20 uploads of
 * 5 MB being stored at once left the gateway's heap limit so high that it then grew ~500 MB before
 * collecting anything.
 */
export class ZonefileUpload {
  /** Characters, once decoded (a body of a byte-order mark alone has none). */
  readonly length: number;

  constructor(
    private readonly bytes: Buffer,
    private readonly charset: string,
  ) {
    this.length = this.checked();
  }

  /** The text, in pieces of about PIECE_BYTES; every character whole. */
  *pieces(): Generator<string> {
    const decoder = iconv.getDecoder(this.charset);
    for (let at = 0; at < this.bytes.length; at += PIECE_BYTES) {
      const piece = decoder.write(this.bytes.subarray(at, at + PIECE_BYTES));
      if (piece) yield piece;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }

  /**
   * The length in characters. A NUL is refused, naming its line, like a NUL in any other input
   * (common/http/reject-nul.ts): PostgreSQL cannot store it.
   */
  private checked(): number {
    let length = 0;
    for (const piece of this.pieces()) {
      const at = piece.indexOf(NUL);
      if (at >= 0) throw nulAtLine(this.lineOf(length + at));
      length += piece.length;
    }
    return length;
  }

  /** The line of the character at `offset`. */
  private lineOf(offset: number): number {
    let line = 1;
    let start = 0;
    for (const piece of this.pieces()) {
      const end = Math.min(piece.length, offset - start);
      for (let i = piece.indexOf('\n'); i >= 0 && i < end; i = piece.indexOf('\n', i + 1)) line++;
      start += piece.length;
      if (start >= offset) break;
    }
    return line;
  }
}

const nulAtLine = (line: number) =>
  new HttpError(400, 'bad_request', `The zonefile must not contain a NUL character (line ${line})`);
