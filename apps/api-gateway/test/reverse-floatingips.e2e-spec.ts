import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const MEMBER = as('project-fip');
const READER = as('project-fip', 'reader');
const ADMIN = as('project-fip-admin', 'admin');
const FIP = 'RegionOne:5a2ca9a3-2a37-4a5b-8e8c-0a1f3c1d2e4f';

/** Designate's answer when the service catalog has no network endpoint (NetworkEndpointNotFound). */
const NO_ENDPOINT = { code: 403, type: 'no_endpoint' };

describe('/v2/reverse/floatingips without a network service', () => {
  let gw: GatewayHarness;

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw.close());

  it('answers 403 no_endpoint, with a message that names Neutron, to every caller: never a 5xx', async () => {
    for (const who of [MEMBER, READER, ADMIN]) {
      const list = await request(gw.url).get('/v2/reverse/floatingips').set(who);
      expect([list.status, list.body]).toEqual([403, expect.objectContaining(NO_ENDPOINT)]);
      expect(list.body.message).toContain('Neutron');
      const show = await request(gw.url).get(`/v2/reverse/floatingips/${FIP}`).set(who);
      expect([show.status, show.body]).toEqual([403, expect.objectContaining(NO_ENDPOINT)]);
    }
    const set = await request(gw.url)
      .patch(`/v2/reverse/floatingips/${FIP}`)
      .set(MEMBER)
      .send({ ptrdname: 'host.example.org.', description: 'd', ttl: 300 });
    expect([set.status, set.body]).toEqual([403, expect.objectContaining(NO_ENDPOINT)]);
    const unset = await request(gw.url)
      .patch(`/v2/reverse/floatingips/${FIP}`)
      .set(MEMBER)
      .send({ ptrdname: null });
    expect([unset.status, unset.body.type]).toEqual([403, 'no_endpoint']);
  });

  it("checks the key's shape and the body first, as Designate does", async () => {
    const badKey = await request(gw.url).get('/v2/reverse/floatingips/not-a-key').set(MEMBER);
    expect([badKey.status, badKey.body.type, badKey.body.message]).toEqual([
      400,
      'bad_request',
      "Floating IP 'not-a-key' is not in the format of <region>:<uuid>",
    ]);
    const noUuid = await request(gw.url).patch('/v2/reverse/floatingips/RegionOne:1').set(MEMBER).send({});
    expect([noUuid.status, noUuid.body.type]).toEqual([400, 'bad_request']);
    for (const body of [{ ttl: -10 }, { description: 'x'.repeat(161) }, { ptrdname: 4564 }, { other: 1 }]) {
      const res = await request(gw.url).patch(`/v2/reverse/floatingips/${FIP}`).set(MEMBER).send(body);
      expect([res.status, res.body.type]).toEqual([400, 'invalid_object']);
    }
  });
});
