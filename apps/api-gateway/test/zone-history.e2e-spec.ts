import request from 'supertest';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';

const OWNER = as('history-owner', 'member', 'owner-user');
const READER = as('history-owner', 'reader');
const SHARED = as('history-shared', 'member', 'shared-user');
const OTHER = as('history-other');
const ADMIN_ALL = { ...as('history-admin', 'admin'), 'X-Auth-All-Projects': 'true' };

interface Change {
  id: string;
  source: string;
  previous_serial: number | null;
  serial: number;
  status: string;
  comment: string | null;
  actor: Record<string, unknown>;
  rrsets: { name: string; type: string; before: unknown; after: unknown }[];
  fields: unknown;
}

/**
 * The zone's history (`GET /v2/zones/{id}/changes`), atomic batches (`POST …/changes`) and reverts: an entry
 * per change with its actor and each record set before and after; a batch validated whole and applied as
 * one change (one serial bump, one entry); who sees which entries.
 */
describe('zone history, batches and reverts', () => {
  let gw: GatewayHarness;
  const api = () => request(gw.url);
  let seq = 0;

  async function newZone(headers = OWNER) {
    seq += 1;
    const zone = await api()
      .post('/v2/zones')
      .set(headers)
      .send({ name: `history-${seq}.example.net.`, email: 'owner@example.net' });
    expect(zone.status).toBe(201);
    return zone.body as { id: string; name: string; serial: number };
  }
  const changesOf = async (zoneId: string, headers = OWNER, query = '') => {
    const res = await api().get(`/v2/zones/${zoneId}/changes${query}`).set(headers);
    expect(res.status).toBe(200);
    return res.body.changes as Change[];
  };
  const batch = (zoneId: string, changes: object[], comment?: string, headers = OWNER) =>
    api().post(`/v2/zones/${zoneId}/changes`).set(headers).send({ comment, changes });

  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(() => gw?.close());

  it('records the creation and each record set change with its actor, serials and before/after', async () => {
    const zone = await newZone();
    const www = `www.${zone.name}`;
    const created = await api()
      .post(`/v2/zones/${zone.id}/recordsets`)
      .set(OWNER)
      .set('X-Openstack-Request-Id', 'req-11111111-2222-3333-4444-555555555555')
      .send({ name: www, type: 'A', records: ['192.0.2.1'] });
    expect(created.status).toBe(201);
    await api()
      .put(`/v2/zones/${zone.id}/recordsets/${created.body.id}`)
      .set(OWNER)
      .send({ records: ['192.0.2.2', '192.0.2.1'], ttl: 60 })
      .expect(200);
    await api().delete(`/v2/zones/${zone.id}/recordsets/${created.body.id}`).set(OWNER).expect(202);
    await api().patch(`/v2/zones/${zone.id}`).set(OWNER).send({ ttl: 600, description: 'now' }).expect(200);

    const changes = await changesOf(zone.id);
    expect(changes.map((c) => c.source)).toEqual(['api', 'api', 'api', 'api', 'api']);
    const [creation, add, update, remove, patch] = changes;
    expect(creation).toMatchObject({
      previous_serial: null,
      serial: zone.serial,
      rrsets: [],
      status: 'PENDING',
    });
    expect(creation.actor).toEqual({
      user_id: 'owner-user',
      project_id: 'history-owner',
      roles: ['member'],
      request_id: expect.stringMatching(/^req-/),
      key_name: null,
    });
    expect(add.rrsets).toEqual([
      { name: www, type: 'A', before: null, after: { ttl: null, records: ['192.0.2.1'] } },
    ]);
    expect(update.rrsets).toEqual([
      {
        name: www,
        type: 'A',
        before: { ttl: null, records: ['192.0.2.1'] },
        after: { ttl: 60, records: ['192.0.2.1', '192.0.2.2'] },
      },
    ]);
    expect(remove.rrsets).toEqual([
      { name: www, type: 'A', before: { ttl: 60, records: ['192.0.2.1', '192.0.2.2'] }, after: null },
    ]);
    expect(patch.fields).toEqual({
      before: { ttl: 3600, description: null },
      after: { ttl: 600, description: 'now' },
    });
    // One serial bump each, in a chain.
    for (let i = 1; i < changes.length; i++) {
      expect(changes[i].previous_serial).toBe(changes[i - 1].serial);
      expect(changes[i].serial).toBeGreaterThan(changes[i - 1].serial);
    }
    const one = await api().get(`/v2/zones/${zone.id}/changes/${add.id}`).set(OWNER);
    expect([one.status, one.body.id, one.body.links.self]).toEqual([
      200,
      add.id,
      expect.stringContaining(`/v2/zones/${zone.id}/changes/${add.id}`),
    ]);
  });

  it("marks the legacy interface's changes as legacy", async () => {
    const domain = await api()
      .post('/domains')
      .set(OWNER)
      .send({ name: `legacy-${++seq}.example.net.`, email: 'a@example.net', ttl: 300 });
    expect(domain.status).toBe(200);
    await api().put(`/domains/${domain.body.id}`).set(OWNER).send({ ttl: 900 }).expect(200);
    const changes = await changesOf(domain.body.id);
    expect(changes.map((c) => [c.source, c.fields])).toEqual([
      ['legacy', null],
      ['legacy', { before: { ttl: 300 }, after: { ttl: 900 } }],
    ]);
  });

  describe('who sees what', () => {
    it("the zone's project (readers too) and admins see every change; another project nothing", async () => {
      const zone = await newZone();
      expect((await changesOf(zone.id, READER)).length).toBe(1);
      expect((await changesOf(zone.id, ADMIN_ALL)).length).toBe(1);
      const other = await api().get(`/v2/zones/${zone.id}/changes`).set(OTHER);
      expect([other.status, other.body.type]).toEqual([404, 'zone_not_found']);
      const [creation] = await changesOf(zone.id);
      expect((await api().get(`/v2/zones/${zone.id}/changes/${creation.id}`).set(OTHER)).status).toBe(404);
      expect(
        (
          await batch(
            zone.id,
            [{ action: 'CREATE', name: zone.name, type: 'TXT', records: ['"x"'] }],
            undefined,
            READER,
          )
        ).status,
      ).toBe(403);
    });

    it('a project the zone is shared with sees the changes it made, and only those', async () => {
      const zone = await newZone();
      await api()
        .post(`/v2/zones/${zone.id}/shares`)
        .set(OWNER)
        .send({ target_project_id: 'history-shared' })
        .expect(201);
      await api()
        .post(`/v2/zones/${zone.id}/recordsets`)
        .set(SHARED)
        .send({ name: `shared.${zone.name}`, type: 'TXT', records: ['"by the shared project"'] })
        .expect(201);
      const applied = await batch(
        zone.id,
        [{ action: 'CREATE', name: `batch.${zone.name}`, type: 'A', records: ['192.0.2.9'] }],
        'from the shared project',
        SHARED,
      );
      expect(applied.status).toBe(201);
      const seen = await changesOf(zone.id, SHARED);
      expect(seen.map((c) => [c.source, c.actor.project_id])).toEqual([
        ['api', 'history-shared'],
        ['batch', 'history-shared'],
      ]);
      expect((await changesOf(zone.id)).length).toBe(3);
      const [creation] = await changesOf(zone.id);
      expect((await api().get(`/v2/zones/${zone.id}/changes/${creation.id}`).set(SHARED)).status).toBe(404);
    });
  });

  describe('batches', () => {
    it('applies creates, upserts and deletes as one change: one serial bump, one entry, the comment', async () => {
      const zone = await newZone();
      await api()
        .post(`/v2/zones/${zone.id}/recordsets`)
        .set(OWNER)
        .send({ name: `old.${zone.name}`, type: 'CNAME', records: [`www.${zone.name}`] })
        .expect(201);
      const before = await changesOf(zone.id);
      const applied = await batch(
        zone.id,
        [
          { action: 'UPSERT', name: `www.${zone.name}`, type: 'A', ttl: 300, records: ['192.0.2.10'] },
          { action: 'CREATE', name: zone.name, type: 'TXT', records: ['"v=spf1 -all"'] },
          { action: 'DELETE', name: `old.${zone.name}`, type: 'CNAME' },
        ],
        'Move www, add a TXT',
      );
      expect(applied.status).toBe(201);
      expect(applied.headers.location).toBe(applied.body.links.self);
      expect(applied.body).toMatchObject({
        source: 'batch',
        comment: 'Move www, add a TXT',
        status: 'PENDING',
        previous_serial: before[before.length - 1].serial,
      });
      expect(applied.body.rrsets.map((r: Change['rrsets'][0]) => [r.name, r.type])).toEqual([
        [zone.name, 'TXT'],
        [`old.${zone.name}`, 'CNAME'],
        [`www.${zone.name}`, 'A'],
      ]);
      const after = await changesOf(zone.id);
      expect(after.length).toBe(before.length + 1);
      const current = await api().get(`/v2/zones/${zone.id}`).set(OWNER);
      expect(current.body.serial).toBe(applied.body.serial);
      const sets = await api().get(`/v2/zones/${zone.id}/recordsets?limit=max`).set(OWNER);
      const live = sets.body.recordsets
        .filter((s: { action: string }) => s.action !== 'DELETE')
        .map((s: { name: string; type: string }) => `${s.name} ${s.type}`)
        .sort();
      expect(live).toEqual([`${zone.name} NS`, `${zone.name} SOA`, `${zone.name} TXT`, `www.${zone.name} A`]);
    });

    it('refuses the whole batch when one action of 500 fails, naming it; nothing is applied', async () => {
      const zone = await newZone();
      const changes = Array.from({ length: 500 }, (_, i) => ({
        action: 'CREATE',
        name: `h${i}.${zone.name}`,
        type: 'A',
        records: [i === 317 ? 'not-an-address' : `192.0.2.${i % 250}`],
      }));
      const refused = await batch(zone.id, changes);
      expect([refused.status, refused.body.type]).toEqual([400, 'invalid_object']);
      expect(refused.body.errors.errors).toEqual([
        expect.objectContaining({
          index: 317,
          path: ['changes', 317],
          code: 'invalid_object',
          validator: 'rules',
        }),
      ]);
      expect(refused.body.message).toContain('changes[317]');
      expect((await changesOf(zone.id)).length).toBe(1);
      const sets = await api().get(`/v2/zones/${zone.id}/recordsets`).set(OWNER);
      expect(sets.body.metadata.total_count).toBe(2);
      expect((await api().get(`/v2/zones/${zone.id}`).set(OWNER)).body.serial).toBe(zone.serial);
    });

    it("has Route 53's semantics and reports every failing action by its index", async () => {
      const zone = await newZone();
      const www = { name: `www.${zone.name}`, type: 'A', records: ['192.0.2.1'] };
      expect((await batch(zone.id, [{ action: 'CREATE', ...www }])).status).toBe(201);
      const refused = await batch(zone.id, [
        { action: 'CREATE', ...www },
        { action: 'DELETE', name: `none.${zone.name}`, type: 'A' },
        { action: 'UPSERT', name: `www.example.org.`, type: 'A', records: ['192.0.2.1'] },
        { action: 'UPSERT', ...www },
      ]);
      expect(refused.status).toBe(400);
      expect(
        refused.body.errors.errors.map((e: { index: number; code: string }) => [e.index, e.code]),
      ).toEqual([
        [0, 'duplicate_recordset'],
        [1, 'recordset_not_found'],
        [2, 'invalid_recordset_location'],
      ]);
      // UPSERT of what is there is a change of nothing, accepted.
      expect((await batch(zone.id, [{ action: 'UPSERT', ...www }])).body.rrsets).toEqual([]);
    });

    it("checks the body's shape per action, and takes 1,000 actions but not 1,001", async () => {
      const zone = await newZone();
      const shape = await batch(zone.id, [{ action: 'MOVE', name: 1, type: 'A' }, { action: 'CREATE' }]);
      expect(shape.status).toBe(400);
      expect(shape.body.errors.errors.map((e: { path: unknown[] }) => e.path.slice(0, 2))).toEqual([
        ['changes', 0],
        ['changes', 0],
        ['changes', 1],
        ['changes', 1],
      ]);
      const many = (n: number) =>
        Array.from({ length: n }, (_, i) => ({
          action: 'CREATE',
          name: `n${i}.${zone.name}`,
          type: 'TXT',
          records: [`"${i}"`],
        }));
      expect((await batch(zone.id, many(1001))).status).toBe(400);
      expect((await batch(zone.id, [])).status).toBe(400);
      const applied = await batch(zone.id, many(1000));
      expect([applied.status, applied.body.rrsets.length]).toEqual([201, 1000]);
      const sets = await api().get(`/v2/zones/${zone.id}/recordsets`).set(OWNER);
      expect(sets.body.metadata.total_count).toBe(1002);
    }, 60_000);

    it('serialises with single record set writes: every change in one chain of serials', async () => {
      const zone = await newZone();
      const writes = [
        ...Array.from({ length: 10 }, (_, i) =>
          api()
            .post(`/v2/zones/${zone.id}/recordsets`)
            .set(OWNER)
            .send({ name: `single${i}.${zone.name}`, type: 'A', records: ['192.0.2.1'] }),
        ),
        ...Array.from({ length: 5 }, (_, i) =>
          batch(zone.id, [
            { action: 'CREATE', name: `batch${i}a.${zone.name}`, type: 'A', records: ['192.0.2.2'] },
            { action: 'CREATE', name: `batch${i}b.${zone.name}`, type: 'A', records: ['192.0.2.3'] },
          ]),
        ),
      ];
      expect((await Promise.all(writes)).map((res) => res.status)).toEqual(Array(15).fill(201));
      const changes = await changesOf(zone.id, OWNER, '?limit=max');
      expect(changes.length).toBe(16);
      for (let i = 1; i < changes.length; i++) expect(changes[i].previous_serial).toBe(changes[i - 1].serial);
    });
  });

  describe('reverts', () => {
    it('restores what a change replaced, as a new change; refused with 409 once the record sets changed', async () => {
      const zone = await newZone();
      const www = `www.${zone.name}`;
      await batch(zone.id, [{ action: 'CREATE', name: www, type: 'A', records: ['192.0.2.1'] }]).expect(201);
      const changed = await batch(zone.id, [
        { action: 'UPSERT', name: www, type: 'A', records: ['192.0.2.2'] },
        { action: 'CREATE', name: `new.${zone.name}`, type: 'TXT', records: ['"new"'] },
      ]);
      const reverted = await api().post(`/v2/zones/${zone.id}/changes/${changed.body.id}/revert`).set(OWNER);
      expect(reverted.status).toBe(201);
      expect(reverted.body).toMatchObject({
        source: 'revert',
        comment: `Revert of change ${changed.body.id}`,
      });
      expect(reverted.body.rrsets).toEqual([
        { name: `new.${zone.name}`, type: 'TXT', before: { ttl: null, records: ['"new"'] }, after: null },
        {
          name: www,
          type: 'A',
          before: { ttl: null, records: ['192.0.2.2'] },
          after: { ttl: null, records: ['192.0.2.1'] },
        },
      ]);
      // Reverting it again conflicts: the record sets are no longer as that change left them.
      const again = await api().post(`/v2/zones/${zone.id}/changes/${changed.body.id}/revert`).set(OWNER);
      expect([again.status, again.body.type]).toEqual([409, 'change_conflict']);
      expect(again.body.errors.conflicts).toEqual([
        { name: `new.${zone.name}`, type: 'TXT', expected: { ttl: null, records: ['"new"'] }, current: null },
        {
          name: www,
          type: 'A',
          expected: { ttl: null, records: ['192.0.2.2'] },
          current: { ttl: null, records: ['192.0.2.1'] },
        },
      ]);
      // The revert itself can be reverted.
      expect(
        (await api().post(`/v2/zones/${zone.id}/changes/${reverted.body.id}/revert`).set(OWNER)).status,
      ).toBe(201);
      const [creation] = await changesOf(zone.id);
      const own = await api().post(`/v2/zones/${zone.id}/changes/${creation.id}/revert`).set(OWNER);
      expect([own.status, own.body.type]).toEqual([400, 'bad_request']);
    });
  });

  describe('the collection', () => {
    it('filters by source, serial and time, sorts and pages by keyset', async () => {
      const zone = await newZone();
      for (let i = 0; i < 4; i++)
        await batch(zone.id, [
          { action: 'CREATE', name: `p${i}.${zone.name}`, type: 'A', records: ['192.0.2.1'] },
        ]).expect(201);
      const all = await changesOf(zone.id);
      expect((await changesOf(zone.id, OWNER, '?source=batch')).length).toBe(4);
      expect((await changesOf(zone.id, OWNER, `?serial=${all[2].serial}`)).map((c) => c.id)).toEqual([
        all[2].id,
      ]);
      const since = encodeURIComponent('2000-01-01T00:00:00');
      expect((await changesOf(zone.id, OWNER, `?since=${since}`)).length).toBe(5);
      expect((await changesOf(zone.id, OWNER, '?since=2999-01-01')).length).toBe(0);
      const desc = await changesOf(zone.id, OWNER, '?sort_key=serial&sort_dir=desc');
      expect(desc.map((c) => c.id)).toEqual([...all].reverse().map((c) => c.id));
      const page = await api().get(`/v2/zones/${zone.id}/changes?limit=2`).set(OWNER);
      expect(page.body.metadata).toBeUndefined();
      const next = await request(page.body.links.next).get('').set(OWNER);
      expect(next.body.changes.map((c: Change) => c.id)).toEqual([all[2].id, all[3].id]);
      for (const bad of ['?source=API', '?serial=-1', '?since=2026-02-30', '?sort_key=name'])
        expect([bad, (await api().get(`/v2/zones/${zone.id}/changes${bad}`).set(OWNER)).status]).toEqual([
          bad,
          400,
        ]);
    });
  });
});
