import {
  RecordSetsRepository,
  UpdateGrantRecord,
  UpdateGrantsRepository,
  UpdateTarget,
  ZonesRepository,
} from '@zonewarden/persistence';
import { RecordSetWriter } from '../changes/record-set-writer';
import { ZoneChangeWriter } from '../changes/zone-change-writer';
import { ZoneSigningService } from '../dnssec/zone-signing.service';
import { QuotasService } from '../quotas/quotas.service';
import { TX, recordSetRecord, storageStub, zoneRecord } from '../storage.fixtures';
import { DynamicUpdateService, UpdateRequest } from './dynamic-update.service';
import { UpdateRecord } from './update-rules';

const UNLIMITED = {
  zones: -1,
  zone_recordsets: -1,
  zone_records: -1,
  recordset_records: -1,
  api_export_size: -1,
};
const KEY = 'acme-key.';
const ZONE = zoneRecord();

const grant = (fields: Partial<UpdateGrantRecord> = {}): UpdateGrantRecord => ({
  id: 'grant-1',
  zoneId: ZONE.id,
  keyName: KEY,
  algorithm: 'hmac-sha256',
  secret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
  names: [{ match: 'zone', name: ZONE.name }],
  types: [],
  allowTransfer: false,
  description: null,
  createdAt: new Date(),
  updatedAt: null,
  ...fields,
});

const rr = (
  name: string,
  klass: UpdateRecord['class'],
  type: string,
  data: string | null = null,
  ttl = 0,
) => ({
  name,
  class: klass,
  type,
  data,
  ttl,
});
const add = (name: string, type: string, data: string, ttl = 300) => rr(name, 'IN', type, data, ttl);

/** The zone's live record sets: its SOA and NS, www A and a TXT. */
const CONTENT = [
  recordSetRecord({
    id: 'soa',
    name: ZONE.name,
    type: 'SOA',
    managed: true,
    records: ['ns1.zonewarden.test. hostmaster.example.com. 1 3600 600 86400 300'],
  }),
  recordSetRecord({
    id: 'ns',
    name: ZONE.name,
    type: 'NS',
    managed: true,
    records: ['ns1.zonewarden.test.'],
  }),
  recordSetRecord({ id: 'www', name: 'www.example.com.', type: 'A', ttl: 300, records: ['192.0.2.1'] }),
  recordSetRecord({
    id: 'txt',
    name: '_acme-challenge.example.com.',
    type: 'TXT',
    ttl: 60,
    records: ['"old"'],
  }),
];

describe(DynamicUpdateService.name, () => {
  const changed = zoneRecord({ serial: ZONE.serial + 1, action: 'UPDATE' });
  let target: UpdateTarget | null;
  let grants: { target: jest.Mock };
  let recordSets: Record<'liveAtNames' | 'insert' | 'markDeleted' | 'replaceRecords' | 'update', jest.Mock>;
  let zoneStore: Record<'lock' | 'liveZoneNames' | 'recordCounts', jest.Mock>;
  let door: { commitRecorded: jest.Mock };
  let signing: { signChange: jest.Mock };
  let quotas: typeof UNLIMITED;
  let storage: ReturnType<typeof storageStub>;
  let sut: DynamicUpdateService;

  beforeEach(() => {
    target = { zoneId: ZONE.id, zoneType: 'PRIMARY', projectId: ZONE.projectId, grant: grant() };
    grants = { target: jest.fn(async () => target) };
    recordSets = {
      liveAtNames: jest.fn(async (_tx, _zoneId, names: string[]) =>
        CONTENT.filter((set) => names.includes(set.name)),
      ),
      insert: jest.fn(async () => 'new-set'),
      markDeleted: jest.fn(async () => undefined),
      replaceRecords: jest.fn(async () => undefined),
      update: jest.fn(async () => undefined),
    };
    zoneStore = {
      lock: jest.fn(async () => ZONE),
      liveZoneNames: jest.fn(async () => []),
      recordCounts: jest.fn(async () => ({ sets: 2, records: 2 })),
    };
    door = {
      commitRecorded: jest.fn(
        async (_tx, _zone, _change, then) => (await then(changed), { zone: changed, entry: {} }),
      ),
    };
    signing = { signChange: jest.fn(async () => undefined) };
    quotas = { ...UNLIMITED };
    storage = storageStub();
    const writer = new RecordSetWriter(
      door as unknown as ZoneChangeWriter,
      recordSets as unknown as RecordSetsRepository,
      signing as unknown as ZoneSigningService,
      zoneStore as unknown as ZonesRepository,
    );
    sut = new DynamicUpdateService(
      grants as unknown as UpdateGrantsRepository,
      { of: jest.fn(async () => quotas) } as unknown as QuotasService,
      recordSets as unknown as RecordSetsRepository,
      storage,
      writer,
      zoneStore as unknown as ZonesRepository,
    );
  });

  const apply = (
    updates: UpdateRecord[],
    prerequisites: UpdateRecord[] = [],
    fields: Partial<UpdateRequest> = {},
  ) => sut.apply({ zoneName: 'Example.COM.', keyName: 'ACME-Key', prerequisites, updates, ...fields });
  const nothingWritten = () => {
    expect(door.commitRecorded).not.toHaveBeenCalled();
    expect(recordSets.insert).not.toHaveBeenCalled();
    expect(recordSets.markDeleted).not.toHaveBeenCalled();
    expect(recordSets.replaceRecords).not.toHaveBeenCalled();
  };

  it('writes an update through the door: source update, the key as actor, one change, signed', async () => {
    const result = await apply([add('_acme-challenge.example.com.', 'TXT', '"token"', 60)]);
    expect(result).toEqual({ rcode: 'NOERROR', serial: changed.serial });
    expect(grants.target).toHaveBeenCalledWith('example.com.', 'acme-key.');
    const rrsets = [
      {
        name: '_acme-challenge.example.com.',
        type: 'TXT',
        before: { ttl: 60, records: ['"old"'] },
        after: { ttl: 60, records: ['"old"', '"token"'] },
      },
    ];
    expect(door.commitRecorded).toHaveBeenCalledTimes(1);
    expect(door.commitRecorded).toHaveBeenCalledWith(
      TX,
      ZONE,
      {
        source: 'update',
        actor: { kind: 'tsig', keyName: KEY },
        rrsets,
        counted: { sets: 0, records: 1 },
        comment: null,
      },
      expect.any(Function),
    );
    expect(recordSets.replaceRecords).toHaveBeenCalledWith(TX, 'txt', ['"old"', '"token"']);
    expect(signing.signChange).toHaveBeenCalledWith(TX, changed, rrsets);
  });

  it("creates a new record set in the zone's project, and deletes one", async () => {
    const result = await apply([
      add('new.example.com.', 'A', '192.0.2.7'),
      rr('www.example.com.', 'ANY', 'ANY'),
    ]);
    expect(result.rcode).toBe('NOERROR');
    expect(recordSets.insert).toHaveBeenCalledWith(TX, ZONE, {
      name: 'new.example.com.',
      type: 'A',
      ttl: 300,
      records: ['192.0.2.7'],
      description: null,
      projectId: ZONE.projectId,
    });
    expect(recordSets.markDeleted).toHaveBeenCalledWith(TX, 'www');
  });

  it('answers NOERROR without a serial bump when nothing changes (deleting what is absent)', async () => {
    const result = await apply([
      rr('absent.example.com.', 'ANY', 'ANY'),
      rr('www.example.com.', 'NONE', 'A', '192.0.2.9'),
    ]);
    expect(result).toEqual({ rcode: 'NOERROR', serial: null });
    nothingWritten();
  });

  it('NOTAUTH: no such zone, or no grant of the key in it', async () => {
    target = null;
    expect(await apply([add('www.example.com.', 'A', '192.0.2.2')])).toMatchObject({ rcode: 'NOTAUTH' });
    target = { zoneId: ZONE.id, zoneType: 'PRIMARY', projectId: ZONE.projectId, grant: null };
    expect(await apply([add('www.example.com.', 'A', '192.0.2.2')])).toMatchObject({ rcode: 'NOTAUTH' });
    expect(storage.transaction).not.toHaveBeenCalled();
  });

  it('NOTAUTH when the zone changed hands between the look-up and the lock', async () => {
    zoneStore.lock.mockResolvedValue(zoneRecord({ projectId: 'project-2' }));
    expect(await apply([add('www.example.com.', 'A', '192.0.2.2')])).toMatchObject({ rcode: 'NOTAUTH' });
    nothingWritten();
  });

  it.each(['SECONDARY', 'CATALOG'] as const)(
    'REFUSED for a %s zone (no forwarding to its primary)',
    async (type) => {
      target = { ...target!, zoneType: type };
      expect(await apply([add('www.example.com.', 'A', '192.0.2.2')])).toMatchObject({ rcode: 'REFUSED' });
      expect(storage.transaction).not.toHaveBeenCalled();
    },
  );

  it('REFUSED for a zone being deleted', async () => {
    zoneStore.lock.mockResolvedValue(zoneRecord({ action: 'DELETE', status: 'PENDING' }));
    expect(await apply([add('www.example.com.', 'A', '192.0.2.2')])).toMatchObject({ rcode: 'REFUSED' });
    nothingWritten();
  });

  it.each([
    [
      'a prerequisite that fails (NXRRSET)',
      [add('www.example.com.', 'AAAA', '2001:db8::1')],
      [rr('www.example.com.', 'ANY', 'AAAA')],
      'NXRRSET',
    ],
    [
      'a name in use (YXDOMAIN)',
      [add('www.example.com.', 'AAAA', '2001:db8::1')],
      [rr('www.example.com.', 'NONE', 'ANY')],
      'YXDOMAIN',
    ],
    ['a prerequisite with a TTL (FORMERR)', [], [rr('www.example.com.', 'ANY', 'ANY', null, 5)], 'FORMERR'],
    ['an update outside the zone (NOTZONE)', [add('www.example.org.', 'A', '192.0.2.1')], [], 'NOTZONE'],
    ['a meta type added (FORMERR)', [add('www.example.com.', 'ANY', '192.0.2.1')], [], 'FORMERR'],
    ['bad record data (FORMERR)', [add('www.example.com.', 'A', 'not-an-address')], [], 'FORMERR'],
    ['the SOA (REFUSED)', [rr('example.com.', 'ANY', 'SOA')], [], 'REFUSED'],
    ['the apex NS (REFUSED)', [add('example.com.', 'NS', 'ns9.example.net.')], [], 'REFUSED'],
    [
      'a type the API does not take (REFUSED)',
      [add('www.example.com.', 'HINFO', '"PC" "Linux"')],
      [],
      'REFUSED',
    ],
    [
      'a TTL storage cannot hold (REFUSED)',
      [add('www.example.com.', 'AAAA', '2001:db8::1', 2 ** 31)],
      [],
      'REFUSED',
    ],
    [
      'an SRV name breaking its rule (REFUSED)',
      [add('srv.example.com.', 'SRV', '0 0 443 www.example.com.')],
      [],
      'REFUSED',
    ],
  ])('%s', async (_what, updates, prerequisites, rcode) => {
    expect(await apply(updates as UpdateRecord[], prerequisites as UpdateRecord[])).toMatchObject({ rcode });
    nothingWritten();
  });

  it('REFUSED when a name belongs in a child zone', async () => {
    zoneStore.liveZoneNames.mockResolvedValue(['child.example.com.']);
    expect(await apply([add('www.child.example.com.', 'A', '192.0.2.1')])).toMatchObject({
      rcode: 'REFUSED',
      reason: expect.stringContaining('child.example.com.'),
    });
    nothingWritten();
  });

  it('REFUSED beyond the quotas, nothing applied', async () => {
    quotas = { ...UNLIMITED, zone_recordsets: 2 };
    expect(await apply([add('new.example.com.', 'A', '192.0.2.7')])).toMatchObject({ rcode: 'REFUSED' });
    nothingWritten();
  });

  describe('the grant', () => {
    const acme = grant({
      names: [{ match: 'name', name: '_acme-challenge.example.com.' }],
      types: ['TXT'],
    });

    it('allows what it names', async () => {
      target = { ...target!, grant: acme };
      const result = await apply([
        rr('_acme-challenge.example.com.', 'ANY', 'TXT'),
        add('_acme-challenge.example.com.', 'TXT', '"new"', 60),
      ]);
      expect(result.rcode).toBe('NOERROR');
    });

    it.each([
      ['another name', [add('www.example.com.', 'TXT', '"x"')]],
      ['another type', [add('_acme-challenge.example.com.', 'A', '192.0.2.1')]],
      ['a delete of a name with other types there', [rr('www.example.com.', 'ANY', 'ANY')]],
      [
        'one good update beside a bad one',
        [add('_acme-challenge.example.com.', 'TXT', '"ok"'), add('x.example.com.', 'TXT', '"no"')],
      ],
    ])('refuses %s (REFUSED, nothing applied)', async (_what, updates) => {
      target = {
        ...target!,
        grant: grant({
          names: [
            { match: 'subdomain', name: '_acme-challenge.example.com.' },
            { match: 'name', name: 'www.example.com.' },
          ],
          types: ['TXT'],
        }),
      };
      if (_what === 'another name') target.grant = acme;
      expect(await apply(updates as UpdateRecord[])).toMatchObject({ rcode: 'REFUSED' });
      nothingWritten();
    });

    it('judges a delete of every RRset at a name by the types it removes', async () => {
      target = {
        ...target!,
        grant: grant({ names: [{ match: 'subdomain', name: 'example.com.' }], types: ['TXT'] }),
      };
      expect(await apply([rr('_acme-challenge.example.com.', 'ANY', 'ANY')])).toMatchObject({
        rcode: 'NOERROR',
      });
      expect(await apply([rr('www.example.com.', 'ANY', 'ANY')])).toMatchObject({ rcode: 'REFUSED' });
    });
  });

  it('SERVFAIL when storage is unreachable', async () => {
    grants.target.mockRejectedValue(
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    );
    expect(await apply([add('www.example.com.', 'A', '192.0.2.2')])).toMatchObject({ rcode: 'SERVFAIL' });
    storage.transaction.mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    grants.target.mockResolvedValue(target);
    expect(await apply([add('www.example.com.', 'A', '192.0.2.2')])).toMatchObject({ rcode: 'SERVFAIL' });
  });

  it('lets a bug through (not an rcode to hide it behind)', async () => {
    grants.target.mockRejectedValue(new TypeError('boom'));
    await expect(apply([add('www.example.com.', 'A', '192.0.2.2')])).rejects.toThrow('boom');
  });
});
