import { wildcardToLike } from './keyset';

describe('wildcardToLike', () => {
  it.each([
    ['example.com.', 'example.com.'],
    ['*.com.', '%.com.'],
    ['*ample*', '%ample%'],
    ['100%', '100\\%'],
    ['a_b*', 'a\\_b%'],
    ['back\\slash', 'back\\\\slash'],
  ])('%s → %s', (value, like) => {
    expect(wildcardToLike(value)).toBe(like);
  });
});
