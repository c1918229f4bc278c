import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { BODY_PARSER_ERRORS } from '../common/errors/error-body';
import { HttpError } from '../common/errors/http-error';

/** Characters per piece handed on to be stored (a piece is one row, docs/persistence.md). */
const PIECE_CHARS = 64 * 1024;
const NUL = '\u0000';

/** body-parser's refusal of that type, as the JSON body's (common/http/json-body.ts). */
export function bodyError(status: number, type: keyof typeof BODY_PARSER_ERRORS): HttpError {
  const known = BODY_PARSER_ERRORS[type];
  return new HttpError(status, known.type, known.message);
}

const nulAtLine = (line: number) =>
  new HttpError(400, 'bad_request', `The zonefile must not contain a NUL character (line ${line})`);

/**
 * A text/dns import body, read from the request as it is stored: never whole in memory, neither as bytes
 * nor as text. `pieces()` decodes it (with iconv-lite, as express.text decodes) into pieces of about
 * PIECE_CHARS characters, and refuses — while reading, before the import exists; what was stored of it is
 * then removed — a body above the limit (413, counted after inflation, as body-parser counts), a NUL
 * (400, naming its line: PostgreSQL cannot store it), an empty body (400) and a body that cannot be read
 * (400). Whatever is left of a refused body is read off, so that the answer reaches the client.
 */
export class ZonefileUpload {
  constructor(
    /** The request, or the inflating stream it is piped through. */
    private readonly body: Readable,
    private readonly request: Readable,
    private readonly charset: string,
    private readonly limitBytes: number,
  ) {}

  async *pieces(): AsyncGenerator<string> {
    const decoder = iconv.getDecoder(this.charset);
    let bytes = 0;
    let chars = 0;
    let line = 1;
    let held: string[] = [];
    let heldChars = 0;
    let done = false;
    /** Checks decoded text and holds it; a piece once enough is held. */
    const take = (text: string): string | undefined => {
      const at = text.indexOf(NUL);
      if (at >= 0) throw nulAtLine(line + countLines(text, at));
      line += countLines(text, text.length);
      chars += text.length;
      held.push(text);
      heldChars += text.length;
      if (heldChars < PIECE_CHARS) return undefined;
      return release();
    };
    const release = () => {
      const piece = held.join('');
      held = [];
      heldChars = 0;
      return piece;
    };
    try {
      for await (const chunk of this.body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > this.limitBytes) throw bodyError(413, 'entity.too.large');
        const piece = take(decoder.write(chunk));
        if (piece) yield piece;
      }
      take(decoder.end() ?? '');
      if (chars === 0) throw new HttpError(400, 'empty_request_body', 'Request Body is empty');
      if (heldChars > 0) yield release();
      done = true;
    } catch (error) {
      throw error instanceof HttpError ? error : bodyError(400, 'request.aborted');
    } finally {
      // Refused, or its storing failed: the rest is read off, not waited for.
      if (!done) {
        this.body.resume();
        this.request.resume();
      }
    }
  }
}

/** Line feeds among the first `end` characters of `text`. */
function countLines(text: string, end: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
