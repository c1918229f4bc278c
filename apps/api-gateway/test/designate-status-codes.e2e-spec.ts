import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const OWNER = as('codes-owner');
const TARGET = as('codes-target');
const ADMIN = as('codes-admin', 'admin');
const ZONEFILE =
  '$ORIGIN imported-codes.example.net.\n@ 3600 IN SOA ns1.example.net. admin.example.net. 1 3600 600 86400 300\n@ 3600 IN NS ns1.example.net.\n';

/** DESIGNATE_STATUS_CODES=true: every difference docs/api-behaviour.md lists, as Designate 15 answers it. */
describe('DESIGNATE_STATUS_CODES=true: Designate 15 where the seed differs', () => {
  let gw: GatewayHarness;
  const api = () => request(gw.url);
  let seq = 0;

  async function newZone() {
    seq += 1;
    const res = await api()
      .post('/v2/zones')
      .set(OWNER)
      .send({ name: `codes-${seq}.example.net.`, email: 'owner@example.net' });
    expect(res.status).toBe(202);
    return res.body as { id: string; name: string; status: string };
  }

  beforeAll(async () => {
    gw = await startGateway({ DESIGNATE_STATUS_CODES: 'true' });
  });
  afterAll(() => gw?.close());

  it('creates and PATCHes zones with 202 and status PENDING (until propagated)', async () => {
    const zone = await newZone();
    expect(zone.status).toBe('PENDING');
    expect((await api().get(`/v2/zones/${zone.id}`).set(OWNER)).body).toMatchObject({
      status: 'PENDING',
      action: 'CREATE',
    });
    const patched = await api().patch(`/v2/zones/${zone.id}`).set(OWNER).send({ ttl: 600 });
    expect(patched.status).toBe(202);
    expect(patched.body).toMatchObject({ status: 'PENDING', action: 'UPDATE' });
  });

  it('filters zones by the status it shows: PENDING finds a zone not yet propagated, ACTIVE does not', async () => {
    const zone = await newZone();
    const byStatus = async (status: string) => {
      const res = await api().get(`/v2/zones?status=${status}&name=${zone.name}`).set(OWNER);
      expect(res.status).toBe(200);
      return (res.body.zones as { id: string; status: string }[]).map((z) => [z.id, z.status]);
    };
    expect(await byStatus('PENDING')).toEqual([[zone.id, 'PENDING']]);
    expect(await byStatus('ACTIVE')).toEqual([]);
  });

  it('creates, updates and deletes record sets with 202; a deleted one is 404 at once', async () => {
    const zone = await newZone();
    const created = await api()
      .post(`/v2/zones/${zone.id}/recordsets`)
      .set(OWNER)
      .send({ name: `www.${zone.name}`, type: 'A', records: ['192.0.2.1'] });
    expect(created.status).toBe(202);
    const url = `/v2/zones/${zone.id}/recordsets/${created.body.id}`;
    expect(
      (
        await api()
          .put(url)
          .set(OWNER)
          .send({ records: ['192.0.2.2'] })
      ).status,
    ).toBe(202);
    expect((await api().delete(url).set(OWNER)).status).toBe(202);
    const gone = await api().get(url).set(OWNER);
    expect(gone.status).toBe(404);
    expect(gone.body.type).toBe('recordset_not_found');
  });

  it('creates imports with 202', async () => {
    const res = await api()
      .post('/v2/zones/tasks/imports')
      .set({ ...OWNER, 'Content-Type': 'text/dns' })
      .send(ZONEFILE);
    expect(res.status).toBe(202);
  });

  it('accepts a JSON body sent without Content-Type', async () => {
    seq += 1;
    const body = JSON.stringify({ name: `untyped-${seq}.example.net.`, email: 'owner@example.net' });
    const res = await api().post('/v2/zones').set(OWNER).unset('Content-Type').send(Buffer.from(body));
    expect(res.status).toBe(202);
    expect(res.body.name).toBe(`untyped-${seq}.example.net.`);
  });

  it('answers an unknown status filter with 200 and an empty list', async () => {
    await newZone();
    const res = await api().get('/v2/zones?status=NOT_A_STATUS').set(OWNER);
    expect(res.status).toBe(200);
    expect(res.body.zones).toEqual([]);
  });

  it('refuses TXT data ending in an unescaped backslash (400)', async () => {
    const zone = await newZone();
    const res = await api()
      .post(`/v2/zones/${zone.id}/recordsets`)
      .set(OWNER)
      .send({ name: `txt.${zone.name}`, type: 'TXT', records: ['trailing\\'] });
    expect(res.status).toBe(400);
  });

  it('answers a PUT of the SOA record set with type bad_request', async () => {
    const zone = await newZone();
    const list = await api().get(`/v2/zones/${zone.id}/recordsets?type=SOA`).set(OWNER);
    const soa = list.body.recordsets[0];
    const res = await api()
      .put(`/v2/zones/${zone.id}/recordsets/${soa.id}`)
      .set(OWNER)
      .send({ records: soa.records, ttl: 600 });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('bad_request');
    // Tempest's admin test sends a whole A record set's data to the SOA, with the edit-managed flag.
    const tempestLike = await api()
      .put(`/v2/zones/${zone.id}/recordsets/${soa.id}`)
      .set({ ...ADMIN, 'X-Auth-All-Projects': 'true', 'X-Designate-Edit-Managed-Records': 'true' })
      .send({ name: `www.${zone.name}`, type: 'A', records: ['192.0.2.1'], ttl: 600, description: 'x' });
    expect(tempestLike.status).toBe(400);
    expect(tempestLike.body.type).toBe('bad_request');
  });

  it("accepts a transfer request with no body; an admin sees another project's targeted request", async () => {
    const zone = await newZone();
    const empty = await api().post(`/v2/zones/${zone.id}/tasks/transfer_requests`).set(OWNER);
    expect(empty.status).toBe(201);
    await api().delete(`/v2/zones/tasks/transfer_requests/${empty.body.id}`).set(OWNER);
    const targeted = await api()
      .post(`/v2/zones/${zone.id}/tasks/transfer_requests`)
      .set(OWNER)
      .send({ target_project_id: 'codes-target' });
    expect(targeted.status).toBe(201);
    const seen = await api().get(`/v2/zones/tasks/transfer_requests/${targeted.body.id}`).set(ADMIN);
    expect(seen.status).toBe(200);
    expect(seen.body.target_project_id).toBe('codes-target');
    expect(
      (await api().get(`/v2/zones/tasks/transfer_requests/${targeted.body.id}`).set(TARGET)).status,
    ).toBe(200);
  });
});
