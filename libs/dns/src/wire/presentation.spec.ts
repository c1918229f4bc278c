import { tokenize } from './presentation';

describe('tokenize', () => {
  it('reads quoted strings and escapes', () => {
    expect(tokenize('"a b" c\\059 "\\"q\\"" \\065').map((t) => t.bytes.toString())).toEqual([
      'a b',
      'c;',
      '"q"',
      'A',
    ]);
  });
});
