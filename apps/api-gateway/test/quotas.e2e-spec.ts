import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const MEMBER = as('project-quotas');
const READER = as('project-quotas', 'reader');
const OTHER = as('project-quotas-other');
const ADMIN = as('project-quotas-admin', 'admin');
const DEFAULTS = {
  zones: 1000,
  zone_recordsets: 100000,
  zone_records: 1000000,
  recordset_records: 1000,
  api_export_size: 100000,
};
const url = (project = 'project-quotas') => `/v2/quotas/${project}`;

/** Designate's quota API as designate-tempest-plugin's test_quotas.py checks it. */
describe('/v2/quotas', () => {
  let gw: GatewayHarness;
  const patch = (body: unknown, who = ADMIN) =>
    request(gw.url).patch(url()).set(who).type('json').send(JSON.stringify(body));

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.close());
  afterEach(() => request(gw.url).delete(url()).set(ADMIN));

  it("shows Designate's five resources as integers: a project reads its own, an admin anyone's", async () => {
    for (const who of [MEMBER, READER]) {
      for (const path of ['/v2/quotas', url()]) {
        const res = await request(gw.url).get(path).set(who);
        expect([res.status, res.body]).toEqual([200, DEFAULTS]);
      }
    }
    expect((await request(gw.url).get(url()).set(ADMIN)).body).toEqual(DEFAULTS);
    const other = await request(gw.url).get(url()).set(OTHER);
    expect([other.status, other.body.type]).toEqual([403, 'forbidden']);
  });

  it('PATCH (admin) answers 200 with the whole map; DELETE (admin) answers 204 with no body and resets', async () => {
    const set = await patch({ zones: 7, api_export_size: -1 });
    expect([set.status, set.body]).toEqual([200, { ...DEFAULTS, zones: 7, api_export_size: -1 }]);
    expect((await request(gw.url).get('/v2/quotas').set(MEMBER)).body).toMatchObject({ zones: 7 });
    const unchanged = await patch({});
    expect([unchanged.status, unchanged.body]).toEqual([200, { ...DEFAULTS, zones: 7, api_export_size: -1 }]);
    for (const who of [MEMBER, READER, OTHER]) {
      expect((await patch({ zones: 1 }, who)).status).toBe(403);
      expect((await request(gw.url).delete(url()).set(who)).status).toBe(403);
    }
    const reset = await request(gw.url).delete(url()).set(ADMIN);
    expect([reset.status, reset.text]).toEqual([204, '']);
    expect((await request(gw.url).get(url()).set(ADMIN)).body).toEqual(DEFAULTS);
  });

  it('refuses unknown resources and values that are not integers -1 … 2147483647 with invalid_object', async () => {
    const unknown = await patch({ zones: 5, 'tempest-quota': 777 });
    expect([unknown.status, unknown.body.type, unknown.body.errors.errors[0].validator]).toEqual([
      400,
      'invalid_object',
      'additionalProperties',
    ]);
    for (const [value, validator] of [
      ['tempest-name', 'type'],
      ['5', 'type'],
      [1.5, 'type'],
      [null, 'type'],
      [true, 'type'],
      [-2, 'minimum'],
      [2147483648, 'maximum'],
    ] as const) {
      const res = await patch({ zone_records: value });
      expect([res.status, res.body.type, res.body.errors.errors]).toEqual([
        400,
        'invalid_object',
        [expect.objectContaining({ path: ['zone_records'], validator })],
      ]);
    }
    for (const body of [[], 'zones', 5]) expect((await patch(body)).body.type).toBe('invalid_object');
    expect((await request(gw.url).get(url()).set(ADMIN)).body).toEqual(DEFAULTS);
  });
});
