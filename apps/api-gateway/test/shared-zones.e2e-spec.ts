import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const OWNER = as('share-owner');
const TARGET = as('share-target');
const THIRD = as('share-third');
const ADMIN_ALL = { ...as('share-admin', 'admin'), 'X-Auth-All-Projects': 'true' };

describe('shared zones: /v2/zones/{zone_id}/shares', () => {
  let gw: GatewayHarness;
  const api = () => request(gw.url);
  let seq = 0;

  /** A new zone of OWNER's, shared with TARGET: its id, the share's id and the owner's record set's id. */
  async function sharedZone() {
    seq += 1;
    const zone = await api()
      .post('/v2/zones')
      .set(OWNER)
      .send({ name: `shared-${seq}.example.net.`, email: 'owner@example.net' });
    expect(zone.status).toBe(201);
    const share = await api()
      .post(`/v2/zones/${zone.body.id}/shares`)
      .set(OWNER)
      .send({ target_project_id: 'share-target' });
    expect(share.status).toBe(201);
    const recordSet = await api()
      .post(`/v2/zones/${zone.body.id}/recordsets`)
      .set(OWNER)
      .send({ name: `owner.${zone.body.name}`, type: 'A', records: ['192.0.2.1'] });
    expect(recordSet.status).toBe(201);
    return {
      zoneId: zone.body.id as string,
      name: zone.body.name as string,
      shareId: share.body.id as string,
      ownerSet: recordSet.body.id as string,
    };
  }

  /** TARGET creates an A record set `label` in the shared zone: its id. */
  async function targetRecordSet(zoneId: string, zoneName: string, label: string, address: string) {
    const created = await api()
      .post(`/v2/zones/${zoneId}/recordsets`)
      .set(TARGET)
      .send({ name: `${label}.${zoneName}`, type: 'A', records: [address] });
    expect(created.status).toBe(201);
    expect(created.body.project_id).toBe('share-target');
    return created.body.id as string;
  }

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw?.close());

  describe('CRUD', () => {
    it("shares, shows, lists and unshares with Designate's shapes and codes", async () => {
      const { zoneId, shareId } = await sharedZone();
      const shown = await api().get(`/v2/zones/${zoneId}/shares/${shareId}`).set(OWNER);
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({
        id: shareId,
        zone_id: zoneId,
        project_id: 'share-owner',
        target_project_id: 'share-target',
        updated_at: null,
        links: { self: expect.stringContaining(`/v2/zones/${zoneId}/shares/${shareId}`) },
      });
      expect(shown.body.created_at).toEqual(expect.any(String));

      const second = await api()
        .post(`/v2/zones/${zoneId}/shares`)
        .set(OWNER)
        .send({ target_project_id: 'p-2' });
      expect(second.status).toBe(201);
      const listed = await api().get(`/v2/zones/${zoneId}/shares`).set(OWNER);
      expect(listed.status).toBe(200);
      expect(Object.keys(listed.body)[0]).toBe('shared_zones');
      expect(
        listed.body.shared_zones.map((s: { target_project_id: string }) => s.target_project_id).sort(),
      ).toEqual(['p-2', 'share-target']);
      const filtered = await api().get(`/v2/zones/${zoneId}/shares?target_project_id=p-2`).set(OWNER);
      expect(filtered.body.shared_zones).toHaveLength(1);

      expect((await api().get(`/v2/zones/${zoneId}`).set(OWNER)).body.shared).toBe(true);
      expect((await api().delete(`/v2/zones/${zoneId}/shares/${second.body.id}`).set(OWNER)).status).toBe(
        204,
      );
      const gone = await api().get(`/v2/zones/${zoneId}/shares/${second.body.id}`).set(OWNER);
      expect(gone.status).toBe(404);
      expect(gone.body.type).toBe('shared_zone_not_found');
    });

    it('refuses a second share with the same project (409) and one with the owner itself (400)', async () => {
      const { zoneId } = await sharedZone();
      const again = await api()
        .post(`/v2/zones/${zoneId}/shares`)
        .set(OWNER)
        .send({ target_project_id: 'share-target' });
      expect(again.status).toBe(409);
      expect(again.body.type).toBe('duplicate_zone_share');
      const self = await api()
        .post(`/v2/zones/${zoneId}/shares`)
        .set(OWNER)
        .send({ target_project_id: 'share-owner' });
      expect(self.status).toBe(400);
      expect(self.body.type).toBe('bad_request');
    });

    it.each([
      ['no body', undefined],
      ['an empty object', {}],
      ['a number', { target_project_id: 42 }],
      ['an empty id', { target_project_id: '' }],
      ['an unknown field', { target_project_id: 'x', extra: 1 }],
      ['an array', [1]],
    ])('answers %s with a 4xx, never a 5xx', async (_case, body) => {
      const { zoneId } = await sharedZone();
      const res = await api()
        .post(`/v2/zones/${zoneId}/shares`)
        .set(OWNER)
        .send(body as object);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });

    it('answers bad ids 400 and unknown ones 404', async () => {
      const { zoneId } = await sharedZone();
      expect((await api().get(`/v2/zones/${zoneId}/shares/not-a-uuid`).set(OWNER)).status).toBe(400);
      const missing = await api().get(`/v2/zones/${zoneId}/shares/${zoneId}`).set(OWNER);
      expect(missing.status).toBe(404);
      expect(missing.body.type).toBe('shared_zone_not_found');
      const noZone = await api().get('/v2/zones/00000000-0000-4000-8000-000000000000/shares').set(OWNER);
      expect(noZone.status).toBe(404);
    });
  });

  describe('what the project the zone is shared with may do', () => {
    it('sees the zone, in GET and in lists, as shared, and its shares', async () => {
      const { zoneId, shareId } = await sharedZone();
      const zone = await api().get(`/v2/zones/${zoneId}`).set(TARGET);
      expect(zone.status).toBe(200);
      expect(zone.body).toMatchObject({ id: zoneId, project_id: 'share-owner', shared: true });
      const listed = await api().get('/v2/zones?limit=1000').set(TARGET);
      expect(listed.body.zones.map((z: { id: string }) => z.id)).toContain(zoneId);
      expect((await api().get(`/v2/zones/${zoneId}/shares/${shareId}`).set(TARGET)).status).toBe(200);
      expect((await api().get(`/v2/zones/${zoneId}/shares`).set(TARGET)).status).toBe(200);
    });

    it("manages the zone's record sets: create, read, list, update, delete", async () => {
      const { zoneId, name, ownerSet } = await sharedZone();
      const created = await api()
        .post(`/v2/zones/${zoneId}/recordsets`)
        .set(TARGET)
        .send({ name: `target.${name}`, type: 'TXT', records: ['"hello"'] });
      expect(created.status).toBe(201);
      const id = created.body.id;
      expect((await api().get(`/v2/zones/${zoneId}/recordsets/${ownerSet}`).set(TARGET)).status).toBe(200);
      const listed = await api().get(`/v2/zones/${zoneId}/recordsets`).set(TARGET);
      expect(listed.body.recordsets.map((r: { id: string }) => r.id)).toEqual(
        expect.arrayContaining([id, ownerSet]),
      );
      const updated = await api()
        .put(`/v2/zones/${zoneId}/recordsets/${id}`)
        .set(TARGET)
        .send({ records: ['"changed"'] });
      expect(updated.status).toBe(200);
      expect(updated.body.records).toEqual(['"changed"']);
      expect((await api().delete(`/v2/zones/${zoneId}/recordsets/${id}`).set(TARGET)).status).toBe(202);
    });

    it("changes only the record sets it created; the owner changes them all (Designate's policy)", async () => {
      const { zoneId, name, ownerSet } = await sharedZone();
      const targetSet = await targetRecordSet(zoneId, name, 'mine', '192.0.2.2');

      const put = await api()
        .put(`/v2/zones/${zoneId}/recordsets/${ownerSet}`)
        .set(TARGET)
        .send({ records: ['192.0.2.9'] });
      expect(put.status).toBe(403);
      expect(put.body.type).toBe('forbidden');
      const del = await api().delete(`/v2/zones/${zoneId}/recordsets/${ownerSet}`).set(TARGET);
      expect(del.status).toBe(403);
      expect(del.body.type).toBe('forbidden');
      const unchanged = await api().get(`/v2/zones/${zoneId}/recordsets/${ownerSet}`).set(OWNER);
      expect(unchanged.body.records).toEqual(['192.0.2.1']);

      // The owner sees and changes the target's record set, which stays the target's.
      const listed = await api().get(`/v2/zones/${zoneId}/recordsets`).set(OWNER);
      expect(listed.body.recordsets.map((r: { id: string }) => r.id)).toContain(targetSet);
      const all = await api().get('/v2/recordsets?limit=1000').set(OWNER);
      expect(all.body.recordsets.map((r: { id: string }) => r.id)).toContain(targetSet);
      const changed = await api()
        .put(`/v2/zones/${zoneId}/recordsets/${targetSet}`)
        .set(OWNER)
        .send({ records: ['192.0.2.3'] });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ records: ['192.0.2.3'], project_id: 'share-target' });
      expect((await api().delete(`/v2/zones/${zoneId}/recordsets/${targetSet}`).set(OWNER)).status).toBe(202);
    });

    it.each([
      ['PATCH the zone', (r: request.Agent, z: string) => r.patch(`/v2/zones/${z}`).send({ ttl: 60 })],
      ['DELETE the zone', (r: request.Agent, z: string) => r.delete(`/v2/zones/${z}`)],
      [
        'share the zone',
        (r: request.Agent, z: string) => r.post(`/v2/zones/${z}/shares`).send({ target_project_id: 'p-x' }),
      ],
      [
        'transfer the zone',
        (r: request.Agent, z: string) => r.post(`/v2/zones/${z}/tasks/transfer_requests`).send({}),
      ],
    ])('may not %s (403)', async (_name, call) => {
      const { zoneId } = await sharedZone();
      const res = await call(request.agent(gw.url).set(TARGET), zoneId);
      expect(res.status).toBe(403);
      expect(res.body.type).toBe('forbidden');
    });

    it('may not unshare (403) nor abandon the zone (admin only)', async () => {
      const { zoneId, shareId } = await sharedZone();
      expect((await api().delete(`/v2/zones/${zoneId}/shares/${shareId}`).set(TARGET)).status).toBe(403);
      expect((await api().post(`/v2/zones/${zoneId}/tasks/abandon`).set(TARGET)).status).toBe(403);
    });

    it("may not read the zone's nameservers (403: Designate's policy checks the zone's owner)", async () => {
      const { zoneId } = await sharedZone();
      const refused = await api().get(`/v2/zones/${zoneId}/nameservers`).set(TARGET);
      expect([refused.status, refused.body.type]).toEqual([403, 'forbidden']);
      expect((await api().get(`/v2/zones/${zoneId}/nameservers`).set(OWNER)).status).toBe(200);
    });

    it('may not create a zone inside it (403 illegal_child)', async () => {
      const { name } = await sharedZone();
      const res = await api()
        .post('/v2/zones')
        .set(TARGET)
        .send({ name: `sub.${name}`, email: 'a@example.net' });
      expect(res.status).toBe(403);
    });
  });

  describe('isolation', () => {
    it('a third project sees nothing of the zone, its shares or its record sets', async () => {
      const { zoneId, shareId, ownerSet } = await sharedZone();
      const third = request.agent(gw.url).set(THIRD);
      expect((await third.get(`/v2/zones/${zoneId}`)).status).toBe(404);
      expect((await third.get(`/v2/zones/${zoneId}/shares`)).status).toBe(404);
      expect((await third.get(`/v2/zones/${zoneId}/shares/${shareId}`)).status).toBe(404);
      expect((await third.delete(`/v2/zones/${zoneId}/shares/${shareId}`)).status).toBe(404);
      expect(
        (await third.post(`/v2/zones/${zoneId}/shares`).send({ target_project_id: 'share-third' })).status,
      ).toBe(404);
      expect((await third.get(`/v2/zones/${zoneId}/recordsets/${ownerSet}`)).status).toBe(404);
      expect(
        (await third.get('/v2/zones?limit=1000')).body.zones.map((z: { id: string }) => z.id),
      ).not.toContain(zoneId);
      expect(
        (await third.get('/v2/recordsets?limit=1000')).body.recordsets.map((r: { id: string }) => r.id),
      ).not.toContain(ownerSet);
    });

    it('an admin asking for all projects sees the shares', async () => {
      const { zoneId } = await sharedZone();
      expect((await api().get(`/v2/zones/${zoneId}/shares`).set(ADMIN_ALL)).body.shared_zones).toHaveLength(
        1,
      );
    });
  });

  describe('unsharing and deleting', () => {
    it('unsharing stops the access at once', async () => {
      const { zoneId, shareId, ownerSet } = await sharedZone();
      expect((await api().delete(`/v2/zones/${zoneId}/shares/${shareId}`).set(OWNER)).status).toBe(204);
      expect((await api().get(`/v2/zones/${zoneId}`).set(TARGET)).status).toBe(404);
      expect((await api().get(`/v2/zones/${zoneId}/recordsets/${ownerSet}`).set(TARGET)).status).toBe(404);
      const write = await api()
        .put(`/v2/zones/${zoneId}/recordsets/${ownerSet}`)
        .set(TARGET)
        .send({ records: ['192.0.2.9'] });
      expect(write.status).toBe(404);
      expect((await api().get(`/v2/zones/${zoneId}`).set(OWNER)).body.shared).toBe(false);
    });

    it('unsharing is refused while the project has record sets in the zone, allowed once they are deleted', async () => {
      const { zoneId, name, shareId } = await sharedZone();
      const targetSet = await targetRecordSet(zoneId, name, 'kept', '192.0.2.4');
      const refused = await api().delete(`/v2/zones/${zoneId}/shares/${shareId}`).set(OWNER);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        type: 'shared_zone_has_recordsets',
        message: 'Please delete all recordsets owned by project share-target before unsharing this zone.',
      });
      expect((await api().get(`/v2/zones/${zoneId}/shares/${shareId}`).set(OWNER)).status).toBe(200);
      expect((await api().get(`/v2/zones/${zoneId}`).set(TARGET)).status).toBe(200);

      expect((await api().delete(`/v2/zones/${zoneId}/recordsets/${targetSet}`).set(TARGET)).status).toBe(
        202,
      );
      expect((await api().delete(`/v2/zones/${zoneId}/shares/${shareId}`).set(OWNER)).status).toBe(204);
      expect((await api().get(`/v2/zones/${zoneId}`).set(TARGET)).status).toBe(404);
    });

    it('a shared zone is deleted only with X-Designate-Delete-Shares, and its shares go with it', async () => {
      const { zoneId, shareId } = await sharedZone();
      const refused = await api().delete(`/v2/zones/${zoneId}`).set(OWNER);
      expect(refused.status).toBe(400);
      expect(refused.body.type).toBe('zone_is_shared');
      const deleted = await api()
        .delete(`/v2/zones/${zoneId}`)
        .set({ ...OWNER, 'X-Designate-Delete-Shares': 'true' });
      expect(deleted.status).toBe(202);
      expect(deleted.body).toMatchObject({ action: 'DELETE', shared: false });
      expect((await api().get(`/v2/zones/${zoneId}/shares/${shareId}`).set(OWNER)).status).toBe(404);
      expect((await api().get(`/v2/zones/${zoneId}`).set(TARGET)).status).toBe(404);
    });
  });
});
