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

export function lex(source: string): Entry[] {
  const entries: Entry[] = [];
  let tokens: LexToken[] = [];
  let ownerOmitted = false;
  let entryLine = 1;
  let depth = 0;
  let openedAt = { line: 0, column: 0 };
  let line = 1;
  let lineStart = 0;
  let atLineStart = true;
  const length = source.length;
  let i = 0;
  const endEntry = () => {
    if (tokens.length) entries.push({ tokens, ownerOmitted, line: entryLine });
    tokens = [];
  };
  while (i < length) {
    const c = source.charCodeAt(i);
    if (c === LF) {
      if (depth === 0) endEntry();
      line++;
      i++;
      lineStart = i;
      atLineStart = true;
      continue;
    }
    if (c === SPACE || c === TAB || c === CR) {
      if (atLineStart && depth === 0 && tokens.length === 0) {
        ownerOmitted = true;
        entryLine = line;
      }
      atLineStart = false;
      i++;
      continue;
    }
    if (atLineStart && depth === 0) {
      ownerOmitted = false;
      entryLine = line;
    }
    atLineStart = false;
    if (c === SEMICOLON) {
      while (i < length && source.charCodeAt(i) !== LF) i++;
      continue;
    }
    if (c === OPEN) {
      if (depth === 0) openedAt = { line, column: i - lineStart + 1 };
      depth++;
      i++;
      continue;
    }
    if (c === CLOSE) {
      if (depth === 0)
        throw new ZonefileError('unbalanced closing parenthesis', line, i - lineStart + 1, ')');
      depth--;
      i++;
      continue;
    }
    const column = i - lineStart + 1;
    const start = i;
    if (c === QUOTE) {
      i++;
      while (i < length) {
        const q = source.charCodeAt(i);
        if (q === BACKSLASH) i += 2;
        else if (q === QUOTE) break;
        else {
          if (q === LF)
            throw new ZonefileError('unterminated quoted string', line, column, source.slice(start, i));
          i++;
        }
      }
      if (i >= length)
        throw new ZonefileError('unterminated quoted string', line, column, source.slice(start, i));
      i++;
      tokens.push({ text: source.slice(start, i), quoted: true, line, column });
      continue;
    }
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
    tokens.push({ text: source.slice(start, i), quoted: false, line, column });
  }
  if (depth > 0)
    throw new ZonefileError('unbalanced opening parenthesis', openedAt.line, openedAt.column, '(');
  endEntry();
  return entries;
}
