import { WireName } from '@zonewarden/dns';
import type { TsigKeysService } from '@zonewarden/domain';
import { TsigKeyRecord, signingKey } from '@zonewarden/persistence';
import { MiniDnsConfig } from '../mini-dns.config';
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

function keysOver(stored: TsigKeyRecord[], storageDown: () => boolean) {
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
  return { keys: new TransferKeys(service, new MiniDnsConfig()), reads };
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
    expect(await keyless.keys.forZone(apex)).toEqual([]);

    down = false;
    const keyed = keysOver([record('pool-key')], () => down);
    await keyed.keys.find(WireName.fromText('pool-key.'));
    expect(await keyed.keys.forZone(apex)).toEqual(['pool-key']);
    down = true;
    await expect(keyed.keys.forZone(apex)).rejects.toThrow('storage is down');
  });
});
