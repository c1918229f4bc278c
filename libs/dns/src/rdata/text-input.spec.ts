import { canonicalRdata } from './rdata';
import { TextInputError, checkTextInput } from './text-input';

/** What checkTextInput says of the data: 'ok', or its message (and suggestion). */
function verdict(data: string, type: 'TXT' | 'SPF' = 'TXT'): string {
  try {
    checkTextInput(type, data);
    return 'ok';
  } catch (error) {
    if (!(error instanceof TextInputError)) throw error;
    return error.suggestion === undefined ? error.message : `${error.message} | ${error.suggestion}`;
  }
}

describe('checkTextInput (the API’s TXT and SPF rules, Designate 15’s)', () => {
  it.each([
    ['"v=spf1 mx -all"'],
    ['v=spf1'],
    ['"a" "b"'],
    ['"say \\"hi\\""'],
    ['"semi\\059colon" "\\255"'],
    ['""'],
    ['"ends in an escaped backslash \\\\"'],
    [`"${'x'.repeat(255)}"`],
    [`"${'x'.repeat(255)}" "${'y'.repeat(255)}"`],
  ])('takes %s', (data) => {
    expect(verdict(data)).toBe('ok');
  });

  it('refuses blanks outside quotes, offering the quoted record', () => {
    expect(verdict('v=spf1 mx -all')).toBe(
      'Empty spaces are not allowed in TXT record, unless wrapped in double quotes. | "v=spf1 mx -all"',
    );
    expect(verdict('v=spf1 mx -all', 'SPF')).toBe(
      'Empty spaces are not allowed in SPF record, unless wrapped in double quotes. | "v=spf1 mx -all"',
    );
    expect(verdict('a\tb')).toBe(
      'Empty spaces are not allowed in TXT record, unless wrapped in double quotes. | "a\\009b"',
    );
    // A quoted string beside an unquoted one: the whole text, its quotes escaped.
    expect(verdict('say "hi"')).toBe(
      'Empty spaces are not allowed in TXT record, unless wrapped in double quotes. | "say \\"hi\\""',
    );
  });

  it('offers strings of 255 bytes at most for a long text', () => {
    const [, suggestion] = verdict(`${'k'.repeat(300)} end`).split(' | ');
    expect(suggestion).toBe(`"${'k'.repeat(255)}" "${'k'.repeat(45)} end"`);
    expect(canonicalRdata('TXT', suggestion)).toBe(suggestion);
    expect(verdict('x'.repeat(256))).toBe(
      'TXT record strings over 255 characters have to be split into multiple strings wrapped in double quotes.' +
        ` | "${'x'.repeat(255)}" "x"`,
    );
  });

  it.each([['foo\\'], ['foo\\\\'], ['\\'], ['"a" b\\']])('refuses %s, ending in a backslash', (data) => {
    expect(verdict(data)).toBe("Do NOT put '\\' into end of TXT record");
  });

  it('says which end lacks a quote, and asks for escaped quotes inside', () => {
    const missing = 'TXT record is missing a double quote either at beginning or at end.';
    expect(verdict('"foo')).toBe(missing);
    expect(verdict('foo"')).toBe(missing);
    expect(verdict('"foo\\"')).toBe(missing);
    expect(verdict('"foo"bar"')).toBe('Quotation marks should be escaped with backslash.');
    expect(verdict('a"b')).toBe('Quotation marks should be escaped with backslash.');
    expect(verdict('"a"b')).toBe('Quotation marks should be escaped with backslash.');
  });
});

describe('TXT and SPF strings in any rdata (API and zonefile)', () => {
  it('takes 255 bytes and refuses 256 with Designate’s words', () => {
    expect(canonicalRdata('TXT', `"${'x'.repeat(255)}"`)).toBe(`"${'x'.repeat(255)}"`);
    expect(() => canonicalRdata('TXT', `"${'x'.repeat(256)}"`)).toThrow(
      'Any TXT record string exceeding 255 characters has to be split.',
    );
    expect(() => canonicalRdata('SPF', `"${'é'.repeat(128)}"`)).toThrow(
      'Any SPF record string exceeding 255 characters has to be split.',
    );
  });

  it('reads unquoted blanks as separate strings, as a zonefile does', () => {
    expect(canonicalRdata('TXT', 'v=spf1 mx -all')).toBe('"v=spf1" "mx" "-all"');
  });
});
