import { WireName } from '@zonewarden/dns';
import type { GrantKey, UpdateGrantsService } from '@zonewarden/domain';
import { GRANT_KEYS_FRESH_MS, GRANT_KEYS_MISS_RELOAD_MS, GrantKeys, isGrantKey } from './grant-keys';

const grant = (name: string): GrantKey => ({
  grantId: `grant-${name}`,
  name,
  algorithm: 'hmac-sha256',
  secret: 'c2VjcmV0',
  allowTransfer: false,
});

/** Grants by zone name as storage holds them, and how often each zone's were read. */
function grantsOver(byZone: Record<string, GrantKey[]>, storageDown: () => boolean) {
  const reads: Record<string, number> = {};
  const service = {
    keysFor: async (zone: string) => {
      reads[zone] = (reads[zone] ?? 0) + 1;
      if (storageDown()) throw new Error('storage is down');
      return byZone[zone] ?? [];
    },
  } as unknown as UpdateGrantsService;
  return { keys: new GrantKeys(service), reads };
}

const name = (text: string) => WireName.fromText(text);

describe('GrantKeys', () => {
  afterEach(() => jest.restoreAllMocks());

  it("finds a grant's key in its own zone only, in any letter case, and tells it from a tsigkey", async () => {
    const { keys } = grantsOver({ 'a.test.': [grant('acme.')] }, () => false);
    const found = await keys.find(name('A.test.'), name('ACME.'));
    expect(found).toMatchObject({ grantId: 'grant-acme.' });
    expect(isGrantKey(found!)).toBe(true);
    expect(isGrantKey({ name: 'acme.', algorithm: 'hmac-sha256', secret: 'c2VjcmV0' })).toBe(false);
    expect(await keys.find(name('b.test.'), name('acme.'))).toBeUndefined();
  });

  it('reads a zone once for requests that arrive together, again for a key not held, and once a second old', async () => {
    const byZone: Record<string, GrantKey[]> = { 'a.test.': [grant('old.')] };
    const { keys, reads } = grantsOver(byZone, () => false);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    await Promise.all([keys.find(name('a.test.'), name('old.')), keys.find(name('a.test.'), name('new.'))]);
    expect(reads['a.test.']).toBe(1);
    byZone['a.test.'] = [grant('new.')]; // one granted, one revoked
    expect(await keys.find(name('a.test.'), name('new.'))).toBeUndefined(); // read a moment ago
    clock.mockReturnValue(now + GRANT_KEYS_MISS_RELOAD_MS);
    expect(await keys.find(name('a.test.'), name('new.'))).toBeDefined();
    expect(reads['a.test.']).toBe(2);
    byZone['a.test.'] = [grant('old.')];
    expect(await keys.find(name('a.test.'), name('new.'))).toBeDefined(); // within the second
    clock.mockReturnValue(now + GRANT_KEYS_MISS_RELOAD_MS + GRANT_KEYS_FRESH_MS);
    expect(await keys.find(name('a.test.'), name('new.'))).toBeUndefined();
    expect(reads['a.test.']).toBe(3);
  });

  it('uses the keys last read while storage is unreachable, and none when it never read them', async () => {
    let down = false;
    const { keys } = grantsOver({ 'a.test.': [grant('acme.')] }, () => down);
    await keys.find(name('a.test.'), name('acme.'));
    down = true;
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + GRANT_KEYS_FRESH_MS);
    expect(await keys.find(name('a.test.'), name('acme.'))).toBeDefined();
    expect(await keys.find(name('b.test.'), name('acme.'))).toBeUndefined();
  });
});
