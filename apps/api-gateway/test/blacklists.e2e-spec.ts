import request from 'supertest';
import { GatewayHarness, startGateway } from './support/gateway-harness';
import { ADMIN, MEMBER, createZoneAt, itServesTheCatalog } from './support/catalog-api';

describe('/v2/blacklists', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw?.close());

  const createZone = (name: string, headers = MEMBER) => createZoneAt(gw.url, name, headers);
  const createBlacklist = (pattern: string) =>
    request(gw.url).post('/v2/blacklists').set(ADMIN).send({ pattern, description: 'test' });

  itServesTheCatalog(() => gw, {
    collection: 'blacklists',
    field: 'pattern',
    notFound: { type: 'blacklist_not_found', message: 'Could not find Blacklist' },
    duplicate: 'duplicate_blacklist',
    values: ['^alpha\\.example\\.$', 'bravo\\.', '(?P<x>c)harlie'],
  });

  it('refuses a pattern that is not a regular expression: 400 invalid_object, on create and update', async () => {
    for (const pattern of ['(', '[a-', '*a', '(?x)a b']) {
      const res = await createBlacklist(pattern);
      expect([pattern, res.status, res.body.type]).toEqual([pattern, 400, 'invalid_object']);
      expect(res.body.errors.errors[0]).toMatchObject({ path: ['pattern'], validator: 'format' });
    }
    const entry = (await createBlacklist('fine')).body;
    const patched = await request(gw.url)
      .patch(`/v2/blacklists/${entry.id}`)
      .set(ADMIN)
      .send({ pattern: '(' });
    expect([patched.status, patched.body.type]).toEqual([400, 'invalid_object']);
    await request(gw.url).delete(`/v2/blacklists/${entry.id}`).set(ADMIN);
  });

  it('refuses a blacklisted zone name to a member, allows it to an admin (use_blacklisted_zone)', async () => {
    const entry = (await createBlacklist('^blocked\\.')).body;
    const refused = await createZone('blocked.example.com.');
    expect([refused.status, refused.body.type, refused.body.message]).toEqual([
      400,
      'invalid_zone_name',
      'Blacklisted zone name',
    ]);
    // re.search: anywhere in the name, not only at its start.
    const anywhere = (await createBlacklist('forbidden')).body;
    expect((await createZone('a.forbidden.example.')).status).toBe(400);
    expect((await createZone('not-blocked.example.com.')).status).toBe(201);
    expect((await createZone('blocked.example.com.', ADMIN)).status).toBe(201);
    for (const id of [entry.id, anywhere.id]) await request(gw.url).delete(`/v2/blacklists/${id}`).set(ADMIN);
    expect((await createZone('a.forbidden.example.')).status).toBe(201);
  });

  it('counts a pattern that runs out of time as a match (as Designate does), and answers at once', async () => {
    const slow = (await createBlacklist('^(a+)+$')).body;
    const started = Date.now();
    const res = await createZone(`${'a'.repeat(40)}b.example.`);
    expect([res.status, res.body.message]).toEqual([400, 'Blacklisted zone name']);
    expect(Date.now() - started).toBeLessThan(2000);
    await request(gw.url).delete(`/v2/blacklists/${slow.id}`).set(ADMIN);
  });
});
