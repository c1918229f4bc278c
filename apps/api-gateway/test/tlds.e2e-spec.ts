import request from 'supertest';
import { GatewayHarness, startGateway } from './support/gateway-harness';
import { ADMIN, MEMBER, createZoneAt, itServesTheCatalog } from './support/catalog-api';

describe('/v2/tlds', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw?.close());

  const createZone = (name: string, headers = MEMBER) => createZoneAt(gw.url, name, headers);
  const createTld = async (name: string) =>
    (await request(gw.url).post('/v2/tlds').set(ADMIN).send({ name })).body;

  itServesTheCatalog(() => gw, {
    collection: 'tlds',
    field: 'name',
    notFound: { type: 'tld_not_found', message: 'Could not find Tld' },
    duplicate: 'duplicate_tld',
    values: ['alpha', 'bravo', 'charlie.delta'],
  });

  it('refuses names that are not TLD names (a final dot, empty labels, bad characters)', async () => {
    for (const name of ['com.', '', '.com', 'a..b', '-com', 'co m', 'x'.repeat(64), 'é']) {
      const res = await request(gw.url).post('/v2/tlds').set(ADMIN).send({ name });
      expect([name, res.status, res.body.type]).toEqual([name, 400, 'invalid_object']);
    }
  });

  it('stores a name in lower case: NET and net are one TLD', async () => {
    const upper = await createTld('NET');
    expect(upper.name).toBe('net');
    const lower = await request(gw.url).post('/v2/tlds').set(ADMIN).send({ name: 'net' });
    expect([lower.status, lower.body.type]).toEqual([409, 'duplicate_tld']);
    await request(gw.url).delete(`/v2/tlds/${upper.id}`).set(ADMIN);
  });

  it('any name goes while no TLD exists; then a zone must end in a known TLD and not be one', async () => {
    expect((await createZone('before.anything.')).status).toBe(201);
    const com = await createTld('com');
    const couk = await createTld('co.uk');

    const unknown = await createZone('example.org.');
    expect([unknown.status, unknown.body.type, unknown.body.message]).toEqual([
      400,
      'invalid_zone_name',
      'Invalid TLD',
    ]);
    expect((await createZone('example.com.')).status).toBe(201);
    expect((await createZone('example.co.uk.')).status).toBe(201);
    const halfTld = await createZone('example.uk.');
    expect([halfTld.status, halfTld.body.message]).toEqual([400, 'Invalid TLD']);
    const itself = await createZone('co.uk.');
    expect([itself.status, itself.body.type, itself.body.message]).toEqual([
      400,
      'invalid_zone_name',
      'Zone name cannot be the same as a TLD',
    ]);
    // The rule is the same for everyone: admins too.
    expect((await createZone('admin.org.', ADMIN)).status).toBe(400);

    for (const tld of [com, couk]) await request(gw.url).delete(`/v2/tlds/${tld.id}`).set(ADMIN);
    expect((await createZone('after.org.')).status).toBe(201);
  });
});
