/**
 * Master-file lexing (RFC 1035 §5.1): entries of blank-separated tokens; `;` comments; parentheses
 * continue an entry over lines; quoted strings may hold blanks, `;` and parentheses; `\X` and `\DDD`
 * escapes are kept verbatim (the rdata parser decodes them). Every token knows its line and column.
 */
export interface LexToken {
  text: string;
  quoted: boolean;
  line: number;
  column: number;
}

export interface Entry {
  tokens: LexToken[];
  /** The entry starts with a blank: its owner is the previous entry's. */
  ownerOmitted: boolean;
  line: number;
}

export class ZonefileError extends Error {
  constructor(
    readonly detail: string,
    readonly line: number,
    readonly column: number,
    readonly token?: string,
  ) {
    super(`${detail} (line ${line}, column ${column}${token === undefined ? '' : `, at '${token}'`})`);
  }
}

const SPACE = 32;
const TAB = 9;
const CR = 13;
const LF = 10;
const QUOTE = 34;
const SEMICOLON = 59;
const OPEN = 40;
const CLOSE = 41;
const BACKSLASH = 92;

/**
 * Lexes text given in pieces of any size, so that a large file is never held whole: each entry goes to
 * `onEntry` as soon as it is complete. A comment, quoted string or token that a piece ends in the middle
 * of is kept and lexed with the next piece, so the entries, and the errors, are those of the whole text.
 */
export class Lexer {
  private tokens: LexToken[] = [];
  private ownerOmitted = false;
  private entryLine = 1;
  private depth = 0;
  private openedAt = { line: 0, column: 0 };
  private line = 1;
  /** Where the current line starts, as an offset into `text` (negative once that part was lexed). */
  private lineStart = 0;
  private atLineStart = true;
  /** The text not lexed yet: what the last piece ended in the middle of. */
  private text = '';

  constructor(private readonly onEntry: (entry: Entry) => void) {}

  /** Lines seen: the number of line feeds plus one, as `text.split('\n').length` counts them. */
  get lines(): number {
    return this.line;
  }

  push(piece: string): void {
    this.text += piece;
    this.lex(false);
  }

  /** The text has ended: lexes what is left and checks the parentheses. */
  end(): void {
    this.lex(true);
    if (this.depth > 0)
      throw new ZonefileError(
        'unbalanced opening parenthesis',
        this.openedAt.line,
        this.openedAt.column,
        '(',
      );
    this.endEntry();
  }

  private endEntry(): void {
    if (this.tokens.length)
      this.onEntry({ tokens: this.tokens, ownerOmitted: this.ownerOmitted, line: this.entryLine });
    this.tokens = [];
  }

  /**
   * Lexes `text` as far as it is complete; unless `final`, a construct that reaches its end is left
   * for the next piece (`text` then starts with it).
   */
  private lex(final: boolean): void {
    const source = this.text;
    const length = source.length;
    let i = 0;
    /** Keeps the text from `from` on for the next piece. */
    const suspend = (from: number) => {
      this.text = source.slice(from);
      this.lineStart -= from;
    };
    while (i < length) {
      const c = source.charCodeAt(i);
      if (c === LF) {
        if (this.depth === 0) this.endEntry();
        this.line++;
        i++;
        this.lineStart = i;
        this.atLineStart = true;
        continue;
      }
      if (c === SPACE || c === TAB || c === CR) {
        if (this.atLineStart && this.depth === 0 && this.tokens.length === 0) {
          this.ownerOmitted = true;
          this.entryLine = this.line;
        }
        this.atLineStart = false;
        i++;
        continue;
      }
      if (this.atLineStart && this.depth === 0) {
        this.ownerOmitted = false;
        this.entryLine = this.line;
      }
      this.atLineStart = false;
      const start = i;
      if (c === SEMICOLON) {
        while (i < length && source.charCodeAt(i) !== LF) i++;
        if (i >= length && !final) return suspend(start);
        continue;
      }
      const column = i - this.lineStart + 1;
      if (c === OPEN) {
        if (this.depth === 0) this.openedAt = { line: this.line, column };
        this.depth++;
        i++;
        continue;
      }
      if (c === CLOSE) {
        if (this.depth === 0)
          throw new ZonefileError('unbalanced closing parenthesis', this.line, column, ')');
        this.depth--;
        i++;
        continue;
      }
      if (c === QUOTE) {
        i++;
        while (i < length) {
          const q = source.charCodeAt(i);
          if (q === BACKSLASH) i += 2;
          else if (q === QUOTE) break;
          else {
            if (q === LF)
              throw new ZonefileError(
                'unterminated quoted string',
                this.line,
                column,
                source.slice(start, i),
              );
            i++;
          }
        }
        if (i >= length && !final) return suspend(start);
        if (i >= length)
          throw new ZonefileError('unterminated quoted string', this.line, column, source.slice(start, i));
        i++;
        this.tokens.push({ text: source.slice(start, i), quoted: true, line: this.line, column });
        continue;
      }
      i = tokenEnd(source, i);
      // A token running to the end of a piece may go on in the next one.
      if (i >= length && !final) return suspend(start);
      this.tokens.push({ text: source.slice(start, i), quoted: false, line: this.line, column });
    }
    this.text = '';
    this.lineStart -= length;
  }
}

/** Where the unquoted token starting at `i` ends: a blank, line feed, `;`, parenthesis or quote. */
function tokenEnd(source: string, i: number): number {
  const length = source.length;
  while (i < length) {
    const t = source.charCodeAt(i);
    if (t === BACKSLASH) {
      i += 2;
      continue;
    }
    if (
      t === SPACE ||
      t === TAB ||
      t === CR ||
      t === LF ||
      t === SEMICOLON ||
      t === OPEN ||
      t === CLOSE ||
      t === QUOTE
    )
      break;
    i++;
  }
  return i;
}

/** Every entry of a whole text. */
export function lex(source: string): Entry[] {
  const entries: Entry[] = [];
  const lexer = new Lexer((entry) => entries.push(entry));
  lexer.push(source);
  lexer.end();
  return entries;
}
