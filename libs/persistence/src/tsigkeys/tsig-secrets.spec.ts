import { TsigSecrets } from './tsig-secrets';

const SECRET = Buffer.from('a TSIG secret').toString('base64');

describe('TSIG secrets at rest', () => {
  const sealed = new TsigSecrets('k1=first operator secret');

  it('stores secrets as given without keys, and reads them back', () => {
    const plain = new TsigSecrets();
    expect(plain.seal(SECRET, 'id-1')).toBe(SECRET);
    expect(plain.open(SECRET, 'id-1')).toBe(SECRET);
  });

  it('encrypts with the keys, bound to the TSIG key id, and reads plain secrets stored before', () => {
    const stored = sealed.seal(SECRET, 'id-1');
    expect(stored).toMatch(/^v1:k1:[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain(SECRET);
    expect(sealed.open(stored, 'id-1')).toBe(SECRET);
    expect(() => sealed.open(stored, 'id-2')).toThrow('does not decrypt');
    expect(sealed.open(SECRET, 'id-1')).toBe(SECRET);
  });

  it('reads secrets under an older key after rotation; without keys, refuses to guess', () => {
    const stored = sealed.seal(SECRET, 'id-1');
    const rotated = new TsigSecrets('k2=second operator secret,k1=first operator secret');
    expect(rotated.open(stored, 'id-1')).toBe(SECRET);
    expect(rotated.seal(SECRET, 'id-1')).toMatch(/^v1:k2:/);
    expect(() => new TsigSecrets().open(stored, 'id-1')).toThrow('TSIG_KEY_ENCRYPTION_KEYS is not set');
  });

  it('names the setting when it is malformed', () => {
    expect(() => new TsigSecrets('k1=short')).toThrow(/^TSIG_KEY_ENCRYPTION_KEYS: .*shorter than 16/);
  });
});
