import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import { TIMESTAMP, UUID } from './support/zone-shape';

const OWNER = as('project-owner');
const TARGET = as('project-target');
const ACCEPTOR = as('project-target', 'member', 'accepting-user');
const OTHER = as('project-other');
const FULL_KEYS = [
  'created_at',
  'description',
  'id',
  'key',
  'links',
  'project_id',
  'status',
  'target_project_id',
  'updated_at',
  'zone_id',
  'zone_name',
];
const TARGET_KEYS = FULL_KEYS.filter((k) => k !== 'key');
const REDUCED_KEYS = ['description', 'id', 'links', 'status', 'zone_id', 'zone_name'];

describe('zone transfers', () => {
  let gw: GatewayHarness;
  let zoneSeq = 0;
  const newZone = async (headers = OWNER) =>
    (
      await request(gw.url)
        .post('/v2/zones')
        .set(headers)
        .send({ name: `t${++zoneSeq}.transfer.test.`, email: 'a@b.c' })
    ).body;
  const newRequest = async (zoneId: string, body?: object) => {
    const req = request(gw.url).post(`/v2/zones/${zoneId}/tasks/transfer_requests`).set(OWNER);
    return body === undefined ? req : req.send(body);
  };

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw?.close());

  it('creates a request: 201, Location, ACTIVE, a 16-character key, owner view; an empty or null body is fine', async () => {
    const zone = await newZone();
    const res = await newRequest(zone.id);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(FULL_KEYS);
    expect(res.body).toMatchObject({
      status: 'ACTIVE',
      zone_id: zone.id,
      zone_name: zone.name,
      project_id: 'project-owner',
      target_project_id: null,
      description: null,
      updated_at: null,
    });
    expect(res.body.key).toMatch(/^[A-Z0-9]{16}$/);
    expect(res.body.id).toMatch(UUID);
    expect(res.body.created_at).toMatch(TIMESTAMP);
    expect(res.headers.location).toBe(res.body.links.self);
    const second = await newRequest(zone.id, { description: 'again' });
    expect([second.status, second.body.type]).toEqual([409, 'duplicate_zone_transfer_request']);
    const nullBody = await request(gw.url)
      .post(`/v2/zones/${(await newZone()).id}/tasks/transfer_requests`)
      .set({ ...OWNER, 'Content-Type': 'application/json' })
      .send('null');
    expect([nullBody.status, nullBody.body.target_project_id]).toEqual([201, null]);
  });

  it('shows each requester its view (owner / target / other × targeted / untargeted), for get and list', async () => {
    const untargeted = (await newRequest((await newZone()).id, { description: 'open' })).body;
    const targeted = (
      await newRequest((await newZone()).id, {
        target_project_id: 'project-target',
        description: 'for target',
      })
    ).body;
    const get = (id: string, headers: Record<string, string>) =>
      request(gw.url).get(`/v2/zones/tasks/transfer_requests/${id}`).set(headers);
    const keysOf = async (id: string, headers: Record<string, string>) => {
      const res = await get(id, headers);
      return res.status === 200 ? Object.keys(res.body).sort() : res.status;
    };
    expect(await keysOf(untargeted.id, OWNER)).toEqual(FULL_KEYS);
    expect(await keysOf(untargeted.id, TARGET)).toEqual(REDUCED_KEYS);
    expect(await keysOf(untargeted.id, OTHER)).toEqual(REDUCED_KEYS);
    expect(await keysOf(targeted.id, OWNER)).toEqual(FULL_KEYS);
    expect(await keysOf(targeted.id, TARGET)).toEqual(TARGET_KEYS);
    // Designate's policy refuses a targeted request to the other projects: 403, not a hidden 404.
    expect(await keysOf(targeted.id, OTHER)).toBe(403);
    const listed = async (headers: Record<string, string>) =>
      (await request(gw.url).get('/v2/zones/tasks/transfer_requests?limit=max').set(headers)).body
        .transfer_requests as { id: string; key?: string }[];
    const ownerList = await listed(OWNER);
    expect(ownerList.map((r) => r.id)).toEqual(expect.arrayContaining([untargeted.id, targeted.id]));
    expect(ownerList.every((r) => typeof r.key === 'string')).toBe(true);
    const targetList = await listed(TARGET);
    expect(targetList.map((r) => r.id)).toEqual([targeted.id]);
    expect(targetList[0].key).toBeUndefined();
    expect(await listed(OTHER)).toEqual([]);
    const list = await request(gw.url).get('/v2/zones/tasks/transfer_requests').set(OWNER);
    expect(Object.keys(list.body)).toEqual(['transfer_requests', 'links']);
  });

  it('lets only the owner patch (200) and delete (204) a request', async () => {
    const created = (await newRequest((await newZone()).id)).body;
    const url = `/v2/zones/tasks/transfer_requests/${created.id}`;
    expect((await request(gw.url).patch(url).set(OTHER).send({ description: 'mine' })).status).toBe(403);
    const patched = await request(gw.url).patch(url).set(OWNER).send({ description: 'demo description' });
    expect([patched.status, patched.body.description]).toEqual([200, 'demo description']);
    expect(patched.body.updated_at).toMatch(TIMESTAMP);
    expect((await request(gw.url).patch(url).set(OWNER).send({ zone_id: created.zone_id })).status).toBe(400);
    expect((await request(gw.url).delete(url).set(OTHER)).status).toBe(403);
    expect((await request(gw.url).delete(url).set(OWNER)).status).toBe(204);
    const gone = await request(gw.url).get(url).set(OWNER);
    expect([gone.status, gone.body.type]).toEqual([404, 'zone_transfer_request_not_found']);
  });

  it('accepts once: the zone and every record set move to the accepting project', async () => {
    const zone = await newZone();
    for (const name of ['www', 'mail', 'api']) {
      await request(gw.url)
        .post(`/v2/zones/${zone.id}/recordsets`)
        .set(OWNER)
        .send({ name: `${name}.${zone.name}`, type: 'A', records: ['192.0.2.1'] });
    }
    const created = (await newRequest(zone.id, { target_project_id: 'project-target' })).body;
    const wrongKey = await request(gw.url)
      .post('/v2/zones/tasks/transfer_accepts')
      .set(TARGET)
      .send({ key: 'AAAAAAAAAAAAAAAA', zone_transfer_request_id: created.id });
    expect([wrongKey.status, wrongKey.body.type]).toEqual([403, 'invalid_key']);
    const notTarget = await request(gw.url)
      .post('/v2/zones/tasks/transfer_accept')
      .set(OTHER)
      .send({ key: created.key, zone_transfer_request_id: created.id });
    expect([notTarget.status, notTarget.body.type]).toEqual([403, 'forbidden']);

    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(gw.url)
          .post('/v2/zones/tasks/transfer_accept')
          .set(ACCEPTOR)
          .send({ key: created.key, zone_transfer_request_id: created.id }),
      ),
    );
    const won = attempts.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect(
      attempts.filter((r) => r.status === 400).every((r) => r.body.type === 'invalid_zone_transfer_request'),
    ).toBe(true);
    expect(attempts.filter((r) => r.status === 400)).toHaveLength(19);
    const accept = won[0].body;
    expect(Object.keys(accept).sort()).toEqual([
      'created_at',
      'id',
      'links',
      'project_id',
      'status',
      'updated_at',
      'zone_id',
      'zone_transfer_request_id',
    ]);
    expect(accept).toMatchObject({
      status: 'COMPLETE',
      zone_id: zone.id,
      zone_transfer_request_id: created.id,
      project_id: 'project-target',
    });
    expect(accept.links).toEqual({
      self: `${gw.url}/v2/zones/tasks/transfer_accepts/${accept.id}`,
      zone: `${gw.url}/v2/zones/${zone.id}`,
    });
    expect(won[0].headers.location).toBe(accept.links.self);

    expect((await request(gw.url).get(`/v2/zones/${zone.id}`).set(OWNER)).status).toBe(404);
    const moved = await request(gw.url).get(`/v2/zones/${zone.id}`).set(TARGET);
    expect(moved.body.project_id).toBe('project-target');
    const sets = (await request(gw.url).get(`/v2/zones/${zone.id}/recordsets?limit=max`).set(TARGET)).body
      .recordsets;
    expect(sets.length).toBe(5);
    expect(sets.every((s: { project_id: string }) => s.project_id === 'project-target')).toBe(true);
    expect(
      await gw.prisma.recordSet.count({ where: { zoneId: zone.id, projectId: { not: 'project-target' } } }),
    ).toBe(0);
    // The history moves with the zone: its new owner sees all of it, the transfer last, by the acceptor.
    const history = await request(gw.url).get(`/v2/zones/${zone.id}/changes`).set(TARGET);
    expect(history.status).toBe(200);
    expect(history.body.changes.map((c: { source: string }) => c.source)).toEqual([
      'api',
      'api',
      'api',
      'api',
      'transfer',
    ]);
    expect(history.body.changes[4]).toMatchObject({
      source: 'transfer',
      comment: 'Transferred from project project-owner to project project-target',
      rrsets: [],
      fields: null,
      previous_serial: moved.body.serial,
      serial: moved.body.serial,
      actor: {
        user_id: 'accepting-user',
        project_id: 'project-target',
        roles: ['member'],
        request_id: won[0].headers['x-openstack-request-id'],
        key_name: null,
      },
    });
    expect((await request(gw.url).get(`/v2/zones/${zone.id}/changes`).set(OWNER)).status).toBe(404);
    const request_ = await request(gw.url).get(`/v2/zones/tasks/transfer_requests/${created.id}`).set(OWNER);
    expect(request_.body.status).toBe('COMPLETE');
    const used = await request(gw.url)
      .post('/v2/zones/tasks/transfer_accepts')
      .set(TARGET)
      .send({ key: created.key, zone_transfer_request_id: created.id });
    expect([used.status, used.body.type, used.body.message]).toEqual([
      400,
      'invalid_zone_transfer_request',
      'Zone Transfer Request has been used',
    ]);

    expect(
      (await request(gw.url).get(`/v2/zones/tasks/transfer_accepts/${accept.id}`).set(TARGET)).body.id,
    ).toBe(accept.id);
    expect(
      (await request(gw.url).get(`/v2/zones/tasks/transfer_accepts/${accept.id}`).set(OTHER)).status,
    ).toBe(404);
    expect((await request(gw.url).get('/v2/zones/tasks/transfer_accepts').set(TARGET)).status).toBe(403);
    const all = await request(gw.url)
      .get('/v2/zones/tasks/transfer_accepts?all_projects=true&status=COMPLETE')
      .set(as('project-admin', 'admin'));
    expect(all.body.transfer_accepts.map((a: { id: string }) => a.id)).toContain(accept.id);
  });

  it('refuses deleting zones, unknown requests, bad bodies and readers', async () => {
    const zone = await newZone();
    const created = (await newRequest(zone.id)).body;
    await request(gw.url).delete(`/v2/zones/${zone.id}`).set(OWNER);
    const accept = await request(gw.url)
      .post('/v2/zones/tasks/transfer_accepts')
      .set(OTHER)
      .send({ key: created.key, zone_transfer_request_id: created.id });
    expect([accept.status, accept.body.type]).toEqual([400, 'bad_request']);
    const other = await newZone();
    await request(gw.url).delete(`/v2/zones/${other.id}`).set(OWNER);
    expect((await newRequest(other.id)).status).toBe(400);
    const missing = await request(gw.url)
      .post('/v2/zones/tasks/transfer_accepts')
      .set(OTHER)
      .send({ key: 'X', zone_transfer_request_id: '7d5e8f8e-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    const badId = await request(gw.url)
      .post('/v2/zones/tasks/transfer_accepts')
      .set(OTHER)
      .send({ key: 'X', zone_transfer_request_id: 'nope' });
    expect([badId.status, badId.body.type]).toEqual([400, 'invalid_uuid']);
    const noKey = await request(gw.url)
      .post('/v2/zones/tasks/transfer_accepts')
      .set(OTHER)
      .send({ zone_transfer_request_id: created.id });
    expect([noKey.status, noKey.body.type]).toEqual([400, 'invalid_object']);
    expect((await request(gw.url).get('/v2/zones/tasks/transfer_requests/foo').set(OWNER)).body.type).toBe(
      'invalid_uuid',
    );
    expect(
      (
        await request(gw.url)
          .post(`/v2/zones/${(await newZone()).id}/tasks/transfer_requests`)
          .set(as('project-owner', 'reader'))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(gw.url)
          .post(`/v2/zones/${(await newZone()).id}/tasks/transfer_requests`)
          .set(OTHER)
      ).status,
    ).toBe(404);
  });
});
