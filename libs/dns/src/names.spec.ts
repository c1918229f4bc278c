import { ancestorNames, canonicalName, checkZoneName, emailToRname, isValidEmail } from './names';

describe('checkZoneName', () => {
  it.each([
    ['example.com.', null],
    ['a-b.example.com.', null],
    ['_srv.example.com.', null],
    ['example.com', 'no_trailing_dot'],
    ['', 'empty'],
    ['com.', 'single_label'],
    ['.a.', 'empty_label'],
    ['a..b.', 'empty_label'],
    ['-a.com.', 'bad_label'],
    ['a-.com.', 'bad_label'],
    ['*.example.com.', 'bad_label'],
    ['ex ample.com.', 'bad_label'],
    [`${'a'.repeat(64)}.com.`, 'label_too_long'],
    [`${'a'.repeat(63)}.`.repeat(4) + 'com.', 'too_long'],
  ])('%s → %s', (name, problem) => {
    expect(checkZoneName(name)).toBe(problem);
  });
});

describe('names', () => {
  it('lists ancestors nearest first', () => {
    expect(ancestorNames('a.b.example.com.')).toEqual(['b.example.com.', 'example.com.', 'com.']);
    expect(ancestorNames('example.com.')).toEqual(['com.']);
  });

  it('canonicalizes to lower case', () => {
    expect(canonicalName('WWW.Example.COM.')).toBe('www.example.com.');
  });

  it.each([
    ['hostmaster@example.com', true],
    ['a@b', true],
    ['first.last@example.com', true],
    ['zahlabut#gmail.com', false],
    ['123456', false],
    ['___', false],
    ['', false],
    ['a@@b.com', false],
    ['a@b@c.com', false],
    ['*&^*^%$', false],
  ])('email %s valid: %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('escapes dots of the local part in the RNAME', () => {
    expect(emailToRname('first.last@example.com')).toBe('first\\.last.example.com.');
  });
});
