import { checkBlacklistPattern, isBlacklisted, toRegExp } from './blacklist-pattern';

describe('blacklist patterns (Python re, run as RegExp)', () => {
  it('searches anywhere in the name, as re.search does', () => {
    expect(isBlacklisted('www.example.com.', ['example'])).toBe(true);
    expect(isBlacklisted('www.example.com.', ['^example'])).toBe(false);
    expect(isBlacklisted('example.com.', ['^example\\.com\\.$'])).toBe(true);
    expect(isBlacklisted('example.org.', ['^example\\.com\\.$', 'org\\.$'])).toBe(true);
    expect(isBlacklisted('example.org.', [])).toBe(false);
  });

  it("translates Python's spellings: named groups, \\A, \\Z, leading flags", () => {
    expect(isBlacklisted('aa.example.', ['(?P<x>a)(?P=x)'])).toBe(true);
    expect(isBlacklisted('example.com.', ['\\Aexample'])).toBe(true);
    expect(isBlacklisted('example.com.', ['com\\.\\Z'])).toBe(true);
    expect(toRegExp('(?i)EXAMPLE')?.flags).toBe('i');
    expect(toRegExp('\\\\Z')?.source).toBe('\\\\Z');
  });

  it('refuses the empty pattern, what is not a regex, or what JavaScript cannot run', () => {
    for (const bad of ['', '(', '[a-', '*a', '(?x)a b', '(?(1)a|b)']) {
      expect(() => checkBlacklistPattern(bad)).toThrow(expect.objectContaining({ code: 'invalid_object' }));
    }
    expect(checkBlacklistPattern('^.*\\.example\\.com\\.$')).toBe('^.*\\.example\\.com\\.$');
  });

  it('counts a pattern that runs out of time as a match, as Designate does', () => {
    const started = Date.now();
    expect(isBlacklisted(`${'a'.repeat(40)}!.example.`, ['^(a+)+$'])).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
