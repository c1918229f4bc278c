import { Storage, UpdateGrantsRepository } from '@zonewarden/persistence';
import { Caller } from '../caller';
import { DomainError } from '../domain-error';
import { MEMBER, TX, storageStub, zoneRecord } from '../storage.fixtures';
import { ZonesService } from '../zones/zones.service';
import { UpdateGrantsService } from './update-grants.service';

const ZONE = zoneRecord();
const READER: Caller = { ...MEMBER, roles: ['reader'] };
const SHARED: Caller = { ...MEMBER, projectId: 'project-2' };
const stored = (fields = {}) => ({
  id: 'grant-1',
  zoneId: ZONE.id,
  keyName: 'acme-key.',
  algorithm: 'hmac-sha256',
  secret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
  names: [{ match: 'zone', name: ZONE.name }],
  types: [],
  allowTransfer: true,
  description: null,
  createdAt: new Date(),
  updatedAt: null,
  ...fields,
});

describe(UpdateGrantsService.name, () => {
  let grants: Record<
    'list' | 'find' | 'insert' | 'update' | 'delete' | 'countInZone' | 'ofZoneName' | 'target',
    jest.Mock
  >;
  let zones: { get: jest.Mock; lockInScope: jest.Mock };
  let sut: UpdateGrantsService;

  beforeEach(() => {
    grants = {
      list: jest.fn(async () => ({ items: [stored()], hasMore: false })),
      find: jest.fn(async () => stored()),
      insert: jest.fn(async (_tx, grant) => ({ ...stored(), ...grant })),
      update: jest.fn(async () => stored()),
      delete: jest.fn(async () => true),
      countInZone: jest.fn(async () => 0),
      ofZoneName: jest.fn(async () => [stored()]),
      target: jest.fn(async () => ({
        zoneId: ZONE.id,
        zoneType: 'PRIMARY',
        projectId: 'project-1',
        grant: stored(),
      })),
    };
    zones = { get: jest.fn(async () => ZONE), lockInScope: jest.fn(async () => ZONE) };
    sut = new UpdateGrantsService(
      grants as unknown as UpdateGrantsRepository,
      storageStub() as unknown as Storage,
      zones as unknown as ZonesService,
    );
  });

  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: DomainError) => error.code,
    );

  it('creates a grant with a generated secret, shown in the answer', async () => {
    const created = await sut.create(MEMBER, ZONE.id, {
      keyName: 'ACME-Key',
      names: [{ match: 'name', name: '_acme-challenge.example.com.' }],
      types: ['txt'],
    });
    expect(grants.insert).toHaveBeenCalledWith(TX, {
      zoneId: ZONE.id,
      keyName: 'acme-key.',
      algorithm: 'hmac-sha256',
      secret: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      names: [{ match: 'name', name: '_acme-challenge.example.com.' }],
      types: ['TXT'],
      allowTransfer: false,
      description: null,
    });
    expect(created.secret).toBe(grants.insert.mock.calls[0][1].secret);
    expect(zones.lockInScope).toHaveBeenCalledWith(TX, MEMBER, ZONE.id);
  });

  it('never shows the secret again: not in a list, a get or an update', async () => {
    expect(
      (await sut.list(READER, ZONE.id, { filters: {}, sortKey: 'created_at', sortDir: 'asc', limit: 10 }))
        .items[0],
    ).not.toHaveProperty('secret');
    expect(await sut.get(READER, ZONE.id, 'grant-1')).not.toHaveProperty('secret');
    expect(await sut.update(MEMBER, ZONE.id, 'grant-1', { description: 'x' })).not.toHaveProperty('secret');
  });

  it('refuses a reader a change, and a project the zone is shared with anything (403)', async () => {
    const input = { keyName: 'k', names: [] };
    expect(await codeOf(sut.create(READER, ZONE.id, input))).toBe('forbidden');
    expect(await codeOf(sut.delete(READER, ZONE.id, 'grant-1'))).toBe('forbidden');
    expect(await codeOf(sut.get(SHARED, ZONE.id, 'grant-1'))).toBe('forbidden');
    expect(grants.find).not.toHaveBeenCalled();
  });

  it('answers a taken key name 409, a missing grant 404, a full zone 400', async () => {
    grants.insert.mockResolvedValueOnce(null);
    expect(await codeOf(sut.create(MEMBER, ZONE.id, { keyName: 'k', names: [] }))).toBe(
      'duplicate_update_grant',
    );
    grants.find.mockResolvedValueOnce(null);
    expect(await codeOf(sut.get(MEMBER, ZONE.id, 'nope'))).toBe('update_grant_not_found');
    grants.delete.mockResolvedValueOnce(false);
    expect(await codeOf(sut.delete(MEMBER, ZONE.id, 'nope'))).toBe('update_grant_not_found');
    grants.countInZone.mockResolvedValueOnce(100);
    expect(await codeOf(sut.create(MEMBER, ZONE.id, { keyName: 'k', names: [] }))).toBe('bad_request');
  });

  it("gives a server a grant's key in the clear, found by names in any case and form", async () => {
    expect(await sut.grantKey('Example.COM', 'ACME-KEY')).toEqual({
      grantId: 'grant-1',
      name: 'acme-key.',
      algorithm: 'hmac-sha256',
      secret: stored().secret,
      allowTransfer: true,
    });
    expect(grants.target).toHaveBeenCalledWith('example.com.', 'acme-key.');
    expect(await sut.mayTransfer('example.com.', 'acme-key.')).toBe(true);
    grants.target.mockResolvedValue({
      zoneId: ZONE.id,
      zoneType: 'PRIMARY',
      projectId: 'project-1',
      grant: null,
    });
    expect(await sut.grantKey('example.com.', 'other.')).toBeUndefined();
    expect(await sut.mayTransfer('example.com.', 'other.')).toBe(false);
    expect((await sut.keysFor('example.com')).map((key) => key.name)).toEqual(['acme-key.']);
  });
});
