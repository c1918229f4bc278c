import { ValidationCache } from './validation-cache';

describe('ValidationCache', () => {
  let now: number;
  const cache = (maxEntries = 3) => new ValidationCache<string>(maxEntries, () => now);
  beforeEach(() => (now = 1_000_000));

  it('answers an entry until its expiry, not after', () => {
    const validations = cache();
    validations.set('token', 'identity', now + 5000);
    now += 4999;
    expect(validations.get('token')).toBe('identity');
    now += 1;
    expect(validations.get('token')).toBeUndefined();
    expect(validations.size).toBe(0);
  });

  it('does not keep what has already expired', () => {
    const validations = cache();
    validations.set('token', 'identity', now);
    expect(validations.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const validations = cache(3);
    for (const key of ['a', 'b', 'c']) validations.set(key, key, now + 60_000);
    validations.get('a');
    validations.set('d', 'd', now + 60_000);
    expect(validations.size).toBe(3);
    expect(validations.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => validations.get(key))).toEqual(['a', 'c', 'd']);
  });

  it('stays bounded under a flood of distinct tokens', () => {
    const validations = cache(100);
    for (let i = 0; i < 10_000; i++) validations.set(`token-${i}`, 'identity', now + 60_000);
    expect(validations.size).toBe(100);
    expect(validations.get('token-9999')).toBe('identity');
  });
});
