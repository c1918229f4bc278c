/**
 * Presentation-format rdata (RFC 1035 §5.1) as the API stores it: tokens separated by blanks, quoted
 * strings that may hold blanks, `\X` and `\DDD` escapes.
 */
export class Token {
  private decoded?: Buffer;

  constructor(
    /** The token's text, escapes decoded, quotes removed (bytes from \DDD escapes as latin1 characters). */
    private readonly value: string,
    readonly quoted: boolean,
    /** The token as written (escapes not decoded). */
    readonly raw: string,
    private readonly escaped: number[] | null,
  ) {}

  /** The token's bytes. */
  get bytes(): Buffer {
    this.decoded ??= this.escaped ? Buffer.from(this.escaped) : Buffer.from(this.value, 'utf8');
    return this.decoded;
  }

  get text(): string {
    return this.escaped ? this.bytes.toString('utf8') : this.value;
  }
}

const SPACE = 32;
const TAB = 9;
const CR = 13;
const LF = 10;
const QUOTE = 34;
const BACKSLASH = 92;
const isBlank = (c: number) => c === SPACE || c === TAB || c === CR || c === LF;

export function tokenize(data: string): Token[] {
  const tokens: Token[] = [];
  const length = data.length;
  let i = 0;
  while (i < length) {
    if (isBlank(data.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    const quoted = data.charCodeAt(i) === QUOTE;
    if (quoted) i++;
    const contentStart = i;
    let hasEscape = false;
    while (i < length) {
      const c = data.charCodeAt(i);
      if (quoted ? c === QUOTE : isBlank(c)) break;
      if (c === BACKSLASH) {
        // `\X` needs its X: a backslash ending the data escapes nothing (RFC 1035 5.1).
        if (i + 1 >= length) throw new Error(`dangling backslash at the end of '${data}'`);
        hasEscape = true;
        i += 2;
        continue;
      }
      i++;
    }
    const contentEnd = Math.min(i, length);
    if (quoted) {
      if (i >= length || data.charCodeAt(i) !== QUOTE)
        throw new Error(`unterminated quoted string in '${data}'`);
      i++;
    }
    const content = data.slice(contentStart, contentEnd);
    tokens.push(new Token(content, quoted, data.slice(start, i), hasEscape ? unescape(content) : null));
  }
  return tokens;
}

/** `\DDD` is a byte, `\X` the character X. */
function unescape(content: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < content.length;) {
    const c = content[i];
    if (c === '\\' && i + 1 < content.length) {
      const digits = content.slice(i + 1, i + 4);
      if (/^\d{3}$/.test(digits)) {
        bytes.push(Number(digits) & 0xff);
        i += 4;
      } else {
        bytes.push(...Buffer.from(content[i + 1], 'utf8'));
        i += 2;
      }
      continue;
    }
    const code = content.codePointAt(i)!;
    const char = String.fromCodePoint(code);
    bytes.push(...Buffer.from(char, 'utf8'));
    i += char.length;
  }
  return bytes;
}

/** A token from its written form (as the zonefile lexer finds it). */
export function tokenFromRaw(raw: string, quoted: boolean): Token {
  const content = quoted ? raw.slice(1, -1) : raw;
  return new Token(content, quoted, raw, content.includes('\\') ? unescape(content) : null);
}

export const text = (token: Token) => token.text;
