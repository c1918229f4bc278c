/**
 * Presentation-format rdata (RFC 1035 §5.1) as the API stores it: tokens separated by blanks, quoted
 * strings that may hold blanks, `\X` and `\DDD` escapes.
 */
export interface Token {
  /** The token's bytes, escapes decoded, quotes removed. */
  bytes: Buffer;
  quoted: boolean;
  /** The token as written (escapes not decoded). */
  raw: string;
}

export function tokenize(data: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < data.length) {
    if (/\s/.test(data[i])) {
      i++;
      continue;
    }
    const quoted = data[i] === '"';
    const start = i;
    if (quoted) i++;
    const bytes: number[] = [];
    while (i < data.length) {
      const c = data[i];
      if (quoted ? c === '"' : /\s/.test(c)) break;
      if (c === '\\' && i + 1 < data.length) {
        const digits = data.slice(i + 1, i + 4);
        if (/^\d{3}$/.test(digits)) {
          bytes.push(Number(digits) & 0xff);
          i += 4;
        } else {
          bytes.push(...Buffer.from(data[i + 1], 'utf8'));
          i += 2;
        }
        continue;
      }
      bytes.push(...Buffer.from(c, 'utf8'));
      i++;
    }
    if (quoted) {
      if (data[i] !== '"') throw new Error(`unterminated quoted string in '${data}'`);
      i++;
    }
    tokens.push({ bytes: Buffer.from(bytes), quoted, raw: data.slice(start, i) });
  }
  return tokens;
}

export const text = (token: Token) => token.bytes.toString('utf8');
