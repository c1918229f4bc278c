import { DEFAULT_POOL_ID } from '@zonewarden/config';
import { waitFor } from '@zonewarden/testing';
import { Caller, KeystoneGateway, startKeystoneGateway } from './support/keystone-gateway';

const FIP = 'RegionOne:5a2ca9a3-2a37-4a5b-8e8c-0a1f3c1d2e4f';
const FORBIDDEN = [403, 'forbidden'];
const NOT_ADMINS: Caller[] = ['memberA', 'readerA'];

/**
 * The resources added beside Keystone (TLDs, blacklists, pools, TSIG keys, service statuses, limits,
 * shared zones, tasks/xfr, floating IP PTRs) with real Keystone tokens: which roles and projects may do
 * what. Their shapes and the rest of their behaviour are in each resource's own e2e file.
 */
describe('the role and isolation matrix of the newer resources, through Keystone', () => {
  let setup: KeystoneGateway;
  const as = (who: Caller) => setup.as(who);
  let seq = 0;
  /** A new PRIMARY zone of `who`'s project. */
  const createZone = async (who: Caller) => {
    seq += 1;
    const zone = await as(who)
      .post('/v2/zones')
      .send({ name: `z${seq}.keystone.test.`, email: 'a@b.c' });
    expect(zone.status).toBe(201);
    return zone.body as { id: string; name: string };
  };

  beforeAll(async () => {
    // Beats often, so that the gateway's own service statuses are there at once.
    setup = await startKeystoneGateway({ HEARTBEAT_INTERVAL_MS: '300' });
  }, 120_000);
  afterAll(() => setup?.close());

  describe('shared zones: /v2/zones/{id}/shares', () => {
    it('a member of A shares a zone with B: B manages its record sets, not the zone; C sees nothing', async () => {
      const zone = await createZone('memberA');
      const withB = { target_project_id: setup.users.memberB.projectId };
      const byReader = await as('readerA').post(`/v2/zones/${zone.id}/shares`).send(withB);
      expect([byReader.status, byReader.body.type]).toEqual(FORBIDDEN);
      const share = await as('memberA').post(`/v2/zones/${zone.id}/shares`).send(withB);
      expect(share.status).toBe(201);
      expect(share.body).toMatchObject({
        project_id: setup.users.memberA.projectId,
        target_project_id: setup.users.memberB.projectId,
      });
      expect((await as('readerA').get(`/v2/zones/${zone.id}/shares`)).status).toBe(200);

      const seen = await as('memberB').get(`/v2/zones/${zone.id}`);
      expect([seen.status, seen.body.shared]).toEqual([200, true]);
      const recordset = await as('memberB')
        .post(`/v2/zones/${zone.id}/recordsets`)
        .send({ name: `b.${zone.name}`, type: 'TXT', records: ['"from B"'] });
      expect(recordset.status).toBe(201);
      const refusedToB = [
        await as('memberB').patch(`/v2/zones/${zone.id}`).send({ ttl: 600 }),
        await as('memberB').delete(`/v2/zones/${zone.id}`),
        await as('memberB')
          .post(`/v2/zones/${zone.id}/shares`)
          .send({ target_project_id: setup.users.memberC.projectId }),
        await as('memberB').post(`/v2/zones/${zone.id}/tasks/transfer_requests`).send({}),
        await as('memberB').delete(`/v2/zones/${zone.id}/shares/${share.body.id}`),
      ];
      expect(refusedToB.map((res) => [res.status, res.body.type])).toEqual(refusedToB.map(() => FORBIDDEN));

      for (const path of [`/v2/zones/${zone.id}`, `/v2/zones/${zone.id}/shares`]) {
        expect((await as('memberC').get(path)).status).toBe(404);
      }
      expect((await as('memberC').get(`/v2/zones/${zone.id}/recordsets/${recordset.body.id}`)).status).toBe(
        404,
      );

      expect((await as('readerA').delete(`/v2/zones/${zone.id}/shares/${share.body.id}`)).status).toBe(403);
      // B's record set is B's: the zone is unshared once B removed it (Designate refuses it before).
      const unshare = () => as('memberA').delete(`/v2/zones/${zone.id}/shares/${share.body.id}`);
      expect((await unshare()).status).toBe(400);
      const removed = await as('memberB').delete(`/v2/zones/${zone.id}/recordsets/${recordset.body.id}`);
      expect(removed.status).toBe(202);
      expect((await unshare()).status).toBe(204);
      expect((await as('memberB').get(`/v2/zones/${zone.id}`)).status).toBe(404);
    });
  });

  describe('tasks/xfr', () => {
    it("on a PRIMARY zone: the member gets Designate's 400, a reader 403, another project 404", async () => {
      const zone = await createZone('memberA');
      const xfr = (who: Caller) => as(who).post(`/v2/zones/${zone.id}/tasks/xfr`);
      const byMember = await xfr('memberA');
      expect([byMember.status, byMember.body.type, byMember.body.message]).toEqual([
        400,
        'bad_request',
        "Can't XFR a non Secondary zone.",
      ]);
      expect([(await xfr('readerA')).status, (await xfr('memberB')).status]).toEqual([403, 404]);
    });

    it('on a SECONDARY zone: the member and the admin of A get 202, a reader 403, another project 404', async () => {
      const zone = await as('memberA')
        .post('/v2/zones')
        .send({ name: 'secondary.keystone.test.', type: 'SECONDARY', masters: ['192.0.2.53'] });
      expect(zone.status).toBe(201);
      const xfr = async (who: Caller) => (await as(who).post(`/v2/zones/${zone.body.id}/tasks/xfr`)).status;
      expect([await xfr('readerA'), await xfr('memberB'), await xfr('memberA'), await xfr('adminA')]).toEqual(
        [403, 404, 202, 202],
      );
    });
  });

  it('/v2/limits: every role of every project reads its limits', async () => {
    for (const who of ['memberA', 'readerA', 'adminA', 'memberB'] as Caller[]) {
      const res = await as(who).get('/v2/limits');
      expect([who, res.status, typeof res.body.max_zones]).toEqual([who, 200, 'number']);
    }
  });

  it('/v2/reverse/floatingips: 403 no_endpoint for every caller (no network service)', async () => {
    for (const who of ['memberA', 'readerA', 'adminA', 'memberB'] as Caller[]) {
      const answers = [
        await as(who).get('/v2/reverse/floatingips'),
        await as(who).get(`/v2/reverse/floatingips/${FIP}`),
        await as(who).patch(`/v2/reverse/floatingips/${FIP}`).send({ ptrdname: 'host.example.org.' }),
      ];
      expect(answers.map((res) => [who, res.status, res.body.type])).toEqual(
        answers.map(() => [who, 403, 'no_endpoint']),
      );
    }
  });

  describe('admin resources: members and readers get 403, an admin manages them', () => {
    it('/v2/pools: an admin lists and shows them', async () => {
      for (const who of NOT_ADMINS) {
        for (const path of ['/v2/pools', `/v2/pools/${DEFAULT_POOL_ID}`]) {
          const res = await as(who).get(path);
          expect([who, path, res.status, res.body.type]).toEqual([who, path, ...FORBIDDEN]);
        }
      }
      expect((await as('adminA').get('/v2/pools')).status).toBe(200);
      const pool = await as('adminA').get(`/v2/pools/${DEFAULT_POOL_ID}`);
      expect([pool.status, pool.body.id]).toEqual([200, DEFAULT_POOL_ID]);
    });

    it('/v2/service_statuses (read-only): an admin lists and shows them', async () => {
      let api: { id: string } | undefined;
      await waitFor('the gateway to beat', async () => {
        const res = await as('adminA').get('/v2/service_statuses?service_name=api');
        expect(res.status).toBe(200);
        api = res.body.service_statuses[0];
        return api !== undefined;
      });
      const shown = await as('adminA').get(`/v2/service_statuses/${api!.id}`);
      expect([shown.status, shown.body.service_name]).toEqual([200, 'api']);
      for (const who of NOT_ADMINS) {
        for (const path of ['/v2/service_statuses', `/v2/service_statuses/${api!.id}`]) {
          const res = await as(who).get(path);
          expect([who, path, res.status, res.body.type]).toEqual([who, path, ...FORBIDDEN]);
        }
      }
    });

    /** Each catalog with a body to create an entry and a change to it. */
    const catalogs: [string, object, object][] = [
      // Removed again by the test: while a TLD exists, zone names must end in one.
      ['/v2/tlds', { name: 'keystonetld' }, { description: 'changed' }],
      ['/v2/blacklists', { pattern: '^nothing-keystone-makes\\.' }, { description: 'changed' }],
      [
        '/v2/tsigkeys',
        {
          name: 'keystone-key',
          algorithm: 'hmac-sha256',
          secret: 'c2VjcmV0',
          scope: 'ZONE',
          resource_id: '6f0b1c9e-1a64-4e0c-9f55-0b7b8f2b1d2a',
        },
        { name: 'keystone-key-renamed' },
      ],
    ];
    it.each(catalogs)(
      '%s: create 201, list and show 200, update 200, delete 204',
      async (path, body, change) => {
        const created = await as('adminA').post(path).send(body);
        expect(created.status).toBe(201);
        const entry = `${path}/${created.body.id}`;
        for (const who of NOT_ADMINS) {
          const answers = [
            await as(who).get(path),
            await as(who).get(entry),
            await as(who).post(path).send(body),
            await as(who).patch(entry).send(change),
            await as(who).delete(entry),
          ];
          expect(answers.map((res) => [who, res.status, res.body.type])).toEqual(
            answers.map(() => [who, ...FORBIDDEN]),
          );
        }
        expect((await as('adminA').get(path)).status).toBe(200);
        expect((await as('adminA').get(entry)).status).toBe(200);
        expect((await as('adminA').patch(entry).send(change)).status).toBe(200);
        expect((await as('adminA').delete(entry)).status).toBe(204);
      },
    );
  });
});
