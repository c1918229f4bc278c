import { MAX_QUOTED_CHARS, excerpt, quote } from './quote';

describe('quote', () => {
  it('quotes a short value whole', () => {
    expect(quote('example.com')).toBe("'example.com'");
    expect(quote(42)).toBe("'42'");
    expect(quote(undefined)).toBe("'undefined'");
  });

  it('cuts a long value to 100 characters and an ellipsis', () => {
    expect(excerpt('x'.repeat(MAX_QUOTED_CHARS))).toBe('x'.repeat(MAX_QUOTED_CHARS));
    expect(quote('x'.repeat(1_000_000))).toBe(`'${'x'.repeat(MAX_QUOTED_CHARS)}…'`);
  });

  it('counts characters, never splitting a surrogate pair', () => {
    const cut = excerpt('😀'.repeat(150));
    expect(cut).toBe(`${'😀'.repeat(MAX_QUOTED_CHARS)}…`);
  });
});
