import request from 'supertest';
import { teardown } from '@zonewarden/testing';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import { TIMESTAMP, UUID } from './support/zone-shape';

const ADMIN = as('project-admin', 'admin');
const MEMBER = as('project-member');
const READER = as('project-reader', 'reader');
const RESOURCE = '6f0b1c9e-1a64-4e0c-9f55-0b7b8f2b1d2a';
const KEY = {
  name: 'key-1',
  algorithm: 'hmac-sha256',
  secret: 'c2VjcmV0',
  scope: 'ZONE',
  resource_id: RESOURCE,
};
const KEYS = [
  'algorithm',
  'created_at',
  'id',
  'links',
  'name',
  'resource_id',
  'scope',
  'secret',
  'updated_at',
];

describe('TSIG keys (/v2/tsigkeys, admin only)', () => {
  let gw: GatewayHarness;
  const api = () => request(gw.url);

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => teardown(() => gw?.close()));

  it('creates (201), gets, lists with filters, updates (200) and deletes (204) a key', async () => {
    const created = await api().post('/v2/tsigkeys').set(ADMIN).send(KEY).expect(201);
    expect(Object.keys(created.body).sort()).toEqual(KEYS);
    expect(created.body).toMatchObject({
      ...KEY,
      id: expect.stringMatching(UUID),
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: null,
      links: { self: `${gw.url}/v2/tsigkeys/${created.body.id}` },
    });
    expect(created.headers.location).toBe(created.body.links.self);
    const id = created.body.id as string;
    await api()
      .post('/v2/tsigkeys')
      .set(ADMIN)
      .send({ ...KEY, name: 'key-2', algorithm: 'hmac-md5', scope: 'POOL' })
      .expect(201);

    expect((await api().get(`/v2/tsigkeys/${id}`).set(ADMIN).expect(200)).body).toEqual(created.body);
    const names = async (query: string) =>
      (await api().get(`/v2/tsigkeys${query}`).set(ADMIN).expect(200)).body.tsigkeys.map(
        (key: { name: string }) => key.name,
      );
    expect(await names('')).toEqual(['key-1', 'key-2']);
    expect(await names('?name=key-2')).toEqual(['key-2']);
    expect(await names('?algorithm=hmac-sha256')).toEqual(['key-1']);
    expect(await names('?scope=POOL')).toEqual(['key-2']);
    expect(await names('?limit=1&sort_key=name&sort_dir=desc')).toEqual(['key-2']);

    const patched = await api()
      .patch(`/v2/tsigkeys/${id}`)
      .set(ADMIN)
      .send({ name: 'key-1b', secret: 'bmV3' })
      .expect(200);
    expect(patched.body).toMatchObject({
      name: 'key-1b',
      secret: 'bmV3',
      updated_at: expect.stringMatching(TIMESTAMP),
    });

    await api().delete(`/v2/tsigkeys/${id}`).set(ADMIN).expect(204);
    const gone = await api().get(`/v2/tsigkeys/${id}`).set(ADMIN).expect(404);
    expect(gone.body).toMatchObject({ code: 404, type: 'tsigkey_not_found' });
    await api().delete(`/v2/tsigkeys/${id}`).set(ADMIN).expect(404);
    await api().patch(`/v2/tsigkeys/${id}`).set(ADMIN).send({ name: 'x' }).expect(404);
  });

  it('refuses a duplicate name (409 duplicate_tsigkey), on create and on rename', async () => {
    await api()
      .post('/v2/tsigkeys')
      .set(ADMIN)
      .send({ ...KEY, name: 'dup-a' })
      .expect(201);
    const b = await api()
      .post('/v2/tsigkeys')
      .set(ADMIN)
      .send({ ...KEY, name: 'dup-b' })
      .expect(201);
    const dup = await api()
      .post('/v2/tsigkeys')
      .set(ADMIN)
      .send({ ...KEY, name: 'dup-a' })
      .expect(409);
    expect(dup.body).toMatchObject({ type: 'duplicate_tsigkey' });
    await api().patch(`/v2/tsigkeys/${b.body.id}`).set(ADMIN).send({ name: 'dup-a' }).expect(409);
  });

  it.each([
    ['a member', MEMBER],
    ['a reader', READER],
  ])('is forbidden to %s (403)', async (_who, headers) => {
    const key = await api()
      .post('/v2/tsigkeys')
      .set(ADMIN)
      .send({ ...KEY, name: `seen-${headers['X-Roles']}` });
    await api().get('/v2/tsigkeys').set(headers).expect(403);
    await api().get(`/v2/tsigkeys/${key.body.id}`).set(headers).expect(403);
    await api()
      .post('/v2/tsigkeys')
      .set(headers)
      .send({ ...KEY, name: 'nope' })
      .expect(403);
    await api().patch(`/v2/tsigkeys/${key.body.id}`).set(headers).send({ name: 'nope' }).expect(403);
    await api().delete(`/v2/tsigkeys/${key.body.id}`).set(headers).expect(403);
  });

  it.each([
    ['no name', { ...KEY, name: undefined }],
    ['an empty name', { ...KEY, name: '' }],
    ['a name of 256 characters', { ...KEY, name: 'n'.repeat(256) }],
    ['an unknown algorithm', { ...KEY, algorithm: 'hmac-sha3' }],
    ['no secret', { ...KEY, secret: undefined }],
    ['a numeric secret', { ...KEY, secret: 5 }],
    ['an unknown scope', { ...KEY, scope: 'PROJECT' }],
    ['a resource_id that is not a UUID', { ...KEY, resource_id: 'zone' }],
    ['no resource_id', { ...KEY, resource_id: undefined }],
    ['an unknown key', { ...KEY, junk: 1 }],
  ])('refuses a key with %s (400 invalid_object)', async (_what, body) => {
    const refused = await api().post('/v2/tsigkeys').set(ADMIN).send(body).expect(400);
    expect(refused.body).toMatchObject({ code: 400, type: 'invalid_object' });
  });

  it('answers bad paths and queries with 4xx', async () => {
    await api().get('/v2/tsigkeys/not-a-uuid').set(ADMIN).expect(400);
    await api().get('/v2/tsigkeys?scope=PROJECT').set(ADMIN).expect(400);
    await api().get('/v2/tsigkeys?sort_key=secret').set(ADMIN).expect(400);
    await api().patch(`/v2/tsigkeys/${RESOURCE}`).set(ADMIN).send({ scope: 'PROJECT' }).expect(400);
    await api().patch(`/v2/tsigkeys/${RESOURCE}`).set(ADMIN).send([1]).expect(400);
    await api().put('/v2/tsigkeys').set(ADMIN).send(KEY).expect(405);
  });
});
