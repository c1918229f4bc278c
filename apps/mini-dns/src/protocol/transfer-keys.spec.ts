import { WireName } from '@zonewarden/dns';
import type { TsigKeysService } from '@zonewarden/domain';
import { TsigKeyRecord, signingKey } from '@zonewarden/persistence';
import { MiniDnsConfig } from '../mini-dns.config';
import type { GrantKeys } from './grant-keys';
import { TransferKeys } from './transfer-keys';

const record = (name: string): TsigKeyRecord => ({
  id: name,
  name,
  algorithm: 'hmac-sha256',
  secret: 'c2VjcmV0',
  scope: 'POOL',
  resourceId: 'pool',
  createdAt: new Date(),
  updatedAt: null,
});

/** A grant's key `acme-key.` of zone `example.com.`, which may transfer it when `allowTransfer`. */
function grantsOf(allowTransfer: boolean): GrantKeys {
  const key = {
    grantId: 'g',
    name: 'acme-key.',
    algorithm: 'hmac-sha256',
    secret: 'Z3JhbnQ=',
    allowTransfer,
  };
  return {
    find: async (apex: WireName, name: WireName) =>
      apex.key === 'example.com' && name.key === 'acme-key' ? key : undefined,
    mayTransfer: async (zone: string, name: string) =>
      zone === 'example.com.' && name === key.name && allowTransfer,
  } as unknown as GrantKeys;
}

function keysOver(stored: TsigKeyRecord[], storageDown: () => boolean, grants = grantsOf(false)) {
  const reads = { all: 0 };
  const service = {
    signingKeys: async () => {
      reads.all++;
      if (storageDown()) throw new Error('storage is down');
      return stored.flatMap((record) => signingKey(record) ?? []);
    },
    keysForZoneName: async () => {
      if (storageDown()) throw new Error('storage is down');
      return stored;
    },
  } as unknown as TsigKeysService;
  return { keys: new TransferKeys(service, grants, new MiniDnsConfig()), reads };
}

describe('TransferKeys', () => {
  const apex = WireName.fromText('example.com.');

  it('finds a key made after the last reading by reading again, at most once a second', async () => {
    const stored: TsigKeyRecord[] = [];
    const { keys, reads } = keysOver(stored, () => false);
    expect(await keys.find(WireName.fromText('new-key.'))).toBeUndefined();
    stored.push(record('new-key'));
    expect(await keys.find(WireName.fromText('NEW-KEY.'))).toBeUndefined(); // within the second
    expect(reads.all).toBe(1);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 1001);
    expect(await keys.find(WireName.fromText('NEW-KEY.'))).toMatchObject({ name: 'new-key' });
    jest.restoreAllMocks();
  });

  it('with storage down, transfers keyless zones of a keyless installation and rejects otherwise', async () => {
    let down = false;
    const keyless = keysOver([], () => down);
    await keyless.keys.find(apex);
    down = true;
    expect(await keyless.keys.mayTransfer(apex)).toBe(true);

    down = false;
    const keyed = keysOver([record('pool-key')], () => down);
    const poolKey = await keyed.keys.find(WireName.fromText('pool-key.'));
    expect(await keyed.keys.mayTransfer(apex, poolKey)).toBe(true);
    expect(await keyed.keys.mayTransfer(apex)).toBe(false);
    down = true;
    await expect(keyed.keys.mayTransfer(apex, poolKey)).rejects.toThrow('storage is down');
  });

  it("verifies a request about a zone with its grants' keys first, and lets a grant's key transfer as its grant says", async () => {
    const shadowed = record('acme-key');
    for (const allowTransfer of [true, false]) {
      const { keys } = keysOver([shadowed], () => false, grantsOf(allowTransfer));
      const granted = await keys.find(WireName.fromText('ACME-key.'), WireName.fromText('Example.com.'));
      expect(granted).toMatchObject({ grantId: 'g', secret: 'Z3JhbnQ=' });
      // Elsewhere the tsigkey of that name.
      expect(await keys.find(WireName.fromText('acme-key.'), WireName.fromText('example.org.'))).toEqual({
        name: 'acme-key',
        algorithm: 'hmac-sha256',
        secret: 'c2VjcmV0',
      });
      // Whatever the zone's tsigkeys (here acme-key among them, as a tsigkey): the grant decides.
      expect(await keys.mayTransfer(apex, granted)).toBe(allowTransfer);
    }
  });
});
