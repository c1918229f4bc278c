import { Token, tokenize } from '../wire/presentation';
import { RdataError, quoted } from './rdata';

/** A refusal of checkTextInput: one of Designate's sentences, which holds nothing of the data itself. */
export class TextInputError extends RdataError {
  constructor(
    message: string,
    /** The record the client most likely meant, when there is one to offer. */
    readonly suggestion?: string,
  ) {
    super(message);
  }
}

/**
 * TXT and SPF data as the API takes it: presentation format (RFC 1035 §5.1) with Designate 15's further
 * rules (`designate/objects/rrdata_txt.py`, `rrdata_spf.py`, `fields.TxtField`), so that nothing a client
 * sends is split or changed without its asking:
 *
 * - blanks only inside a quoted string: `v=spf1 mx -all` would be three strings (`"v=spf1" "mx" "-all"`),
 *   which is what a zonefile means by it but hardly ever what an API client does, so it is refused and
 *   the quoted record offered instead (`TextInputError.suggestion`);
 * - no data ending in a backslash, escaped (`foo\\`) or not (`foo\`);
 * - a quote inside a string escaped (`"say \"hi\""`), both ends of a string quoted.
 *
 * Zonefiles keep their own rules (the zonefile reader does not come here). Unlike Designate 15, several
 * quoted strings (`"a" "b"`, RFC 1035 §3.3.14, RFC 7208 §3.3) are taken whatever their length; Designate
 * takes them only above 255 characters.
 */
export function checkTextInput(type: 'TXT' | 'SPF', data: string): void {
  const value = data.trim();
  // Designate's TxtField: also `foo\\`, which would be valid presentation format.
  if (value.endsWith('\\')) throw new TextInputError(`Do NOT put '\\' into end of ${type} record`);
  const missingQuote = `${type} record is missing a double quote either at beginning or at end.`;
  let tokens: Token[];
  try {
    tokens = tokenize(value);
  } catch {
    // The one way left to fail: a quoted string that does not end (`"foo`, `"foo\"`).
    throw new TextInputError(missingQuote);
  }
  const unquoted = tokens.filter((token) => !token.quoted);
  const strayQuote = unquoted.find((token) => hasBareQuote(token.raw));
  if (strayQuote) {
    if (tokens.length === 1 && !value.startsWith('"') && value.endsWith('"'))
      throw new TextInputError(missingQuote);
    throw new TextInputError('Quotation marks should be escaped with backslash.');
  }
  if (tokens.length > 1 && unquoted.length > 0) {
    if (!/\s/.test(value)) throw new TextInputError('Quotation marks should be escaped with backslash.');
    throw new TextInputError(
      `Empty spaces are not allowed in ${type} record, unless wrapped in double quotes.`,
      quotedForm(value),
    );
  }
  if (tokens.length === 1 && unquoted.length === 1 && unquoted[0].bytes.length > 255)
    throw new TextInputError(
      `${type} record strings over 255 characters have to be split into multiple strings wrapped in double quotes.`,
      quotedForm(value),
    );
}

/** Whether presentation text holds a `"` that no backslash escapes. */
function hasBareQuote(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\\') i++;
    else if (raw[i] === '"') return true;
  }
  return false;
}

/**
 * The data as the one text it most likely stands for: its bare quotes escaped, wrapped in quotes, in
 * strings of 255 bytes (a longer text cannot be one string); undefined when it is not presentation text.
 */
function quotedForm(value: string): string | undefined {
  let escaped = '';
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\') escaped += value.slice(i, ++i + 1);
    else escaped += value[i] === '"' ? '\\"' : value[i];
  }
  let bytes: Buffer;
  try {
    [{ bytes }] = tokenize(`"${escaped}"`);
  } catch {
    return undefined;
  }
  const strings: string[] = [];
  for (let start = 0; start < bytes.length || start === 0; start += 255)
    strings.push(quoted(bytes.subarray(start, start + 255)));
  return strings.join(' ');
}
