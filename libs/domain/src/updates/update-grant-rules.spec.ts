import { DomainError } from '../domain-error';
import {
  grantAlgorithm,
  grantCoversName,
  grantCoversType,
  grantKeyName,
  grantNames,
  grantSecret,
  grantTypes,
} from './update-grant-rules';

const ZONE = 'example.com.';
const codeOf = (work: () => unknown) => {
  try {
    work();
    return 'ok';
  } catch (error) {
    return (error as DomainError).code;
  }
};

describe('update grant rules', () => {
  it('takes key names as DNS names: lower case, absolute', () => {
    expect(grantKeyName('ACME-Key')).toBe('acme-key.');
    expect(grantKeyName('k1.example.com.')).toBe('k1.example.com.');
    for (const bad of ['', '.', 'a..b', 'sp ace', '-lead', `${'x'.repeat(64)}.`, `${'abc.'.repeat(64)}`])
      expect(codeOf(() => grantKeyName(bad))).toBe('invalid_object');
  });

  it('takes the SHA algorithms, hmac-sha256 by default, and refuses hmac-md5', () => {
    expect(grantAlgorithm()).toBe('hmac-sha256');
    expect(grantAlgorithm('HMAC-SHA512')).toBe('hmac-sha512');
    expect(grantAlgorithm('hmac-sha1')).toBe('hmac-sha1');
    expect(() => grantAlgorithm('hmac-md5')).toThrow(/hmac-md5 is deprecated/);
    expect(codeOf(() => grantAlgorithm('hmac-sha3'))).toBe('invalid_object');
  });

  it("generates a secret as long as the hash's output, or checks the client's", () => {
    expect(Buffer.from(grantSecret('hmac-sha256'), 'base64')).toHaveLength(32);
    expect(Buffer.from(grantSecret('hmac-sha512'), 'base64')).toHaveLength(64);
    expect(grantSecret('hmac-sha256')).not.toBe(grantSecret('hmac-sha256'));
    const given = Buffer.alloc(32, 7).toString('base64');
    expect(grantSecret('hmac-sha256', given)).toBe(given);
    for (const bad of ['c2VjcmV0', 'not base64!', Buffer.alloc(513).toString('base64'), ''])
      expect(codeOf(() => grantSecret('hmac-sha256', bad))).toBe('invalid_object');
  });

  it('takes names in the zone, lower case, once; a zone grant names the zone', () => {
    expect(
      grantNames(ZONE, [
        { match: 'name', name: '_ACME-challenge.example.com.' },
        { match: 'name', name: '_acme-challenge.example.com.' },
        { match: 'subdomain', name: 'dyn.example.com.' },
        { match: 'zone' },
      ]),
    ).toEqual([
      { match: 'name', name: '_acme-challenge.example.com.' },
      { match: 'subdomain', name: 'dyn.example.com.' },
      { match: 'zone', name: ZONE },
    ]);
    for (const bad of [
      { match: 'name', name: 'www.example.org.' },
      { match: 'name', name: 'www.example.com' },
      { match: 'name' },
      { match: 'subdomain', name: 'a b.example.com.' },
      { match: 'zone', name: 'other.example.com.' },
      { match: 'wildcard', name: ZONE },
    ])
      expect(codeOf(() => grantNames(ZONE, [bad]))).toBe('invalid_object');
    expect(codeOf(() => grantNames(ZONE, Array(51).fill({ match: 'zone' })))).toBe('invalid_object');
  });

  it("takes the API's types but SOA, upper case, once", () => {
    expect(grantTypes(['txt', 'A', 'TXT'])).toEqual(['A', 'TXT']);
    expect(codeOf(() => grantTypes(['SOA']))).toBe('invalid_object');
    expect(codeOf(() => grantTypes(['HINFO']))).toBe('invalid_object');
  });

  it('covers names by match and types by list (none: every type but SOA)', () => {
    const grant = {
      names: [
        { match: 'name' as const, name: '_acme-challenge.example.com.' },
        { match: 'subdomain' as const, name: 'dyn.example.com.' },
      ],
      types: [],
    };
    expect(grantCoversName(grant, '_acme-challenge.example.com.')).toBe(true);
    expect(grantCoversName(grant, 'x._acme-challenge.example.com.')).toBe(false);
    expect(grantCoversName(grant, 'dyn.example.com.')).toBe(true);
    expect(grantCoversName(grant, 'a.b.dyn.example.com.')).toBe(true);
    expect(grantCoversName(grant, 'xdyn.example.com.')).toBe(false);
    expect(grantCoversName({ names: [{ match: 'zone', name: ZONE }] }, 'any.example.com.')).toBe(true);
    expect(grantCoversName({ names: [] }, ZONE)).toBe(false);
    expect(grantCoversType(grant, 'TXT')).toBe(true);
    expect(grantCoversType(grant, 'SOA')).toBe(false);
    expect(grantCoversType({ types: ['TXT'] }, 'A')).toBe(false);
  });
});
