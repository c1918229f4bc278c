import request from 'supertest';
import { as } from '@zonewarden/testing';
import { GatewayHarness, startGateway } from './support/gateway-harness';
import { ADMIN } from './support/catalog-api';

const OWNER = as('project-limits');

describe('/v2/limits', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await startGateway({ QUOTA_ZONES: '7', QUOTA_RECORDSET_RECORDS: '9', MAX_PAGE_LIMIT: '500' });
  });
  afterAll(() => gw?.close());

  it("answers Designate's keys: the project's quotas, the name lengths, min_ttl, the page limit", async () => {
    const res = await request(gw.url).get('/v2/limits').set(OWNER);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      max_zones: 7,
      max_zone_recordsets: 100000,
      max_zone_records: 1000000,
      max_recordset_records: 9,
      min_ttl: null,
      max_zone_name_length: 255,
      max_recordset_name_length: 255,
      max_page_limit: 500,
    });
  });

  it("follows the project's own quotas, and is readable by readers", async () => {
    const set = await request(gw.url).patch('/v2/quotas/project-limits').set(ADMIN).send({ zones: 3 });
    expect(set.status).toBe(200);
    expect((await request(gw.url).get('/v2/limits').set(OWNER)).body.max_zones).toBe(3);
    const reader = await request(gw.url).get('/v2/limits').set(as('project-limits', 'reader'));
    expect([reader.status, reader.body.max_zones]).toEqual([200, 3]);
    expect((await request(gw.url).get('/v2/limits').set(as('project-other'))).body.max_zones).toBe(7);
  });

  it("answers the sudo project's limits to an admin, 403 to a member; ignores query parameters as Designate does", async () => {
    const own = (await request(gw.url).get('/v2/limits').set(OWNER)).body;
    const sudo = await request(gw.url)
      .get('/v2/limits')
      .set({ ...ADMIN, 'X-Auth-Sudo-Project-ID': 'project-limits' });
    expect([sudo.status, sudo.body]).toEqual([200, own]);
    const alt = await request(gw.url)
      .get('/v2/limits')
      .set({ ...as('project-alt'), 'X-Auth-Sudo-Project-ID': 'project-limits' });
    expect([alt.status, alt.body.type]).toEqual([403, 'forbidden']);
    // Designate's get_all takes no parameters: pecan drops unknown ones.
    const queried = await request(gw.url).get('/v2/limits').query({ limit: 'x', foo: 'bar' }).set(OWNER);
    expect([queried.status, queried.body]).toEqual([200, own]);
  });

  it('answers other methods with 405 and /v2/limits.json with 404', async () => {
    const post = await request(gw.url).post('/v2/limits').set(OWNER).send({});
    expect([post.status, post.body.type]).toEqual([405, 'method_not_allowed']);
    const json = await request(gw.url).get('/v2/limits.json').set(OWNER);
    expect(json.status).toBe(404);
  });
});
