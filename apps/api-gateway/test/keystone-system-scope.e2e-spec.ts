import { DEFAULT_POOL_ID } from '@zonewarden/config';
import { waitFor } from '@zonewarden/testing';
import { Call, Caller, KeystoneGateway, startKeystoneGateway } from './support/keystone-gateway';

type Headers = Record<string, string>;
const PLAIN: Headers = {};
const ALL_PROJECTS: Headers = { 'X-Auth-All-Projects': 'true' };

/**
 * System-scoped Keystone tokens (`{"system": {"all": true}}`), as designate-tempest-plugin's system_admin and
 * system_reader send them: Designate takes them as acting for no project. An admin of the system is an admin:
 * it reads the operator's resources, sees every project's with all-projects, acts for one with sudo, and
 * without either sees no project's resources (404) and creates none (401 missing_project_id). A reader of the
 * system reads what a reader may, and neither writes nor asks for all projects.
 */
describe('system-scoped Keystone tokens (AUTH_STRATEGY=keystone)', () => {
  let setup: KeystoneGateway;
  const as = (who: Caller, headers: Headers = PLAIN) => setup.as(who).set(headers);
  /** As the sudo header names project A. */
  const sudoA = (): Headers => ({ 'X-Auth-Sudo-Project-ID': setup.users.memberA.projectId });
  const ids = {} as Record<
    'zone' | 'recordset' | 'tld' | 'tsigkey' | 'request' | 'accept' | 'export' | 'import' | 'status',
    string
  >;

  beforeAll(async () => {
    setup = await startKeystoneGateway({ HEARTBEAT_INTERVAL_MS: '300', DESIGNATE_STATUS_CODES: 'true' });
    const zone = await as('memberA')
      .post('/v2/zones')
      .send({ name: 'system-scope.example.com.', email: 'a@b.c' });
    expect(zone.status).toBe(202);
    ids.zone = zone.body.id;
    const recordset = await as('memberA')
      .post(`/v2/zones/${ids.zone}/recordsets`)
      .send({ name: 'www.system-scope.example.com.', type: 'A', records: ['192.0.2.1'] });
    ids.recordset = recordset.body.id;
    ids.tld = (await as('adminA').post('/v2/tlds').send({ name: 'com' })).body.id;
    ids.tsigkey = (
      await as('adminA').post('/v2/tsigkeys').send({
        name: 'system-scope-key',
        algorithm: 'hmac-sha256',
        secret: 'c2VjcmV0',
        scope: 'ZONE',
        resource_id: ids.zone,
      })
    ).body.id;
    ids.export = (await as('memberA').post(`/v2/zones/${ids.zone}/tasks/export`)).body.id;
    ids.import = (
      await as('memberA')
        .post('/v2/zones/tasks/imports')
        .set('Content-Type', 'text/dns')
        .send('$ORIGIN imported.example.com.\n$TTL 300\n@ SOA ns admin 1 2 3 4 5\n@ NS ns\nns A 192.0.2.1\n')
    ).body.id;
    // A zone of B moved to A: an accept of project A, and a request targeted at A.
    const zoneB = await as('memberB').post('/v2/zones').send({ name: 'moved.example.com.', email: 'b@b.c' });
    const request = await as('memberB')
      .post(`/v2/zones/${zoneB.body.id}/tasks/transfer_requests`)
      .send({ target_project_id: setup.users.memberA.projectId });
    ids.request = request.body.id;
    const accept = await as('memberA')
      .post('/v2/zones/tasks/transfer_accepts')
      .send({ zone_transfer_request_id: ids.request, key: request.body.key });
    expect(accept.status).toBe(201);
    ids.accept = accept.body.id;
    await waitFor('the gateway to beat', async () => {
      const res = await as('adminA').get('/v2/service_statuses?service_name=api');
      ids.status = res.body.service_statuses?.[0]?.id;
      return ids.status !== undefined;
    });
    for (const [name, id] of Object.entries(ids)) expect([name, typeof id]).toEqual([name, 'string']);
  }, 180_000);
  afterAll(() => setup?.close());

  /** The operator's resources: an admin of the system reads them with or without the context headers. */
  const operatorReads: [string, () => string][] = [
    ['pool', () => `/v2/pools/${DEFAULT_POOL_ID}`],
    ['service statuses', () => '/v2/service_statuses'],
    ['service status', () => `/v2/service_statuses/${ids.status}`],
    ['TLDs', () => '/v2/tlds'],
    ['TLD', () => `/v2/tlds/${ids.tld}`],
    ['TSIG keys', () => '/v2/tsigkeys'],
    ['TSIG key', () => `/v2/tsigkeys/${ids.tsigkey}`],
    ['transfer accepts', () => '/v2/zones/tasks/transfer_accepts'],
  ];
  it.each(operatorReads)(
    '%s: the system admin reads it, plain, for all projects and as sudo',
    async (_n, path) => {
      for (const headers of [PLAIN, ALL_PROJECTS, sudoA()]) {
        const res = await as('systemAdmin', headers).get(path());
        expect([path(), headers, res.status]).toEqual([path(), headers, 200]);
      }
      const reader = await as('systemReader').get(path());
      expect([path(), reader.status, reader.body.type]).toEqual([path(), 403, 'forbidden']);
    },
  );

  /** A project's resources: not seen without a project, seen for all projects or as the project. */
  const projectReads: [string, () => string][] = [
    ['record set', () => `/v2/zones/${ids.zone}/recordsets/${ids.recordset}`],
    ['transfer accept', () => `/v2/zones/tasks/transfer_accepts/${ids.accept}`],
    ['export', () => `/v2/zones/tasks/exports/${ids.export}`],
    ['import', () => `/v2/zones/tasks/imports/${ids.import}`],
    ['zone', () => `/v2/zones/${ids.zone}`],
  ];
  it.each(projectReads)(
    '%s of project A: 404 to the system admin as itself, 200 for all projects or as A',
    async (_n, path) => {
      const plain = await as('systemAdmin').get(path());
      expect([path(), plain.status]).toEqual([path(), 404]);
      for (const headers of [ALL_PROJECTS, sudoA()]) {
        const res = await as('systemAdmin', headers).get(path());
        expect([path(), headers, res.status]).toEqual([path(), headers, 200]);
      }
      const reader = await as('systemReader').get(path());
      expect([path(), reader.status]).toEqual([path(), 404]);
    },
  );

  it('a transfer request targeted at A: the admin of the system reads it (as Designate: admins see every request)', async () => {
    const path = `/v2/zones/tasks/transfer_requests/${ids.request}`;
    for (const headers of [PLAIN, ALL_PROJECTS, sudoA()]) {
      const res = await as('systemAdmin', headers).get(path);
      expect([headers, res.status, res.body.id]).toEqual([headers, 200, ids.request]);
    }
    // Neither its owner (B) nor its target (A): refused, as to any other project.
    expect((await as('systemReader').get(path)).status).toBe(403);
  });

  it("lists: as itself it sees no project's zones and record sets; for all projects every one", async () => {
    const own = await as('systemAdmin').get('/v2/zones');
    expect([own.status, own.body.zones]).toEqual([200, []]);
    const all = await as('systemAdmin', ALL_PROJECTS).get('/v2/zones');
    expect(all.body.zones.map((z: { id: string }) => z.id)).toContain(ids.zone);
    const recordsets = await as('systemAdmin').get('/v2/recordsets');
    expect([recordsets.status, recordsets.body.recordsets]).toEqual([200, []]);
    expect((await as('systemReader').get('/v2/zones')).body.zones).toEqual([]);
    const refused = await as('systemReader', ALL_PROJECTS).get('/v2/zones');
    expect([refused.status, refused.body.type]).toEqual([403, 'forbidden']);
  });

  it("creating needs a project: 401 missing_project_id as itself, created in A's name as sudo", async () => {
    const body = { name: 'by-system.example.com.', email: 'a@b.c' };
    const refused = await as('systemAdmin').post('/v2/zones').send(body);
    expect([refused.status, refused.body.type]).toEqual([401, 'missing_project_id']);
    const created = await as('systemAdmin', sudoA()).post('/v2/zones').send(body);
    expect([created.status, created.body.project_id]).toEqual([202, setup.users.memberA.projectId]);
    const byReader = await as('systemReader', sudoA()).post('/v2/zones').send(body);
    expect([byReader.status, byReader.body.type]).toEqual([403, 'forbidden']);
    const imported = await as('systemAdmin')
      .post('/v2/zones/tasks/imports')
      .set('Content-Type', 'text/dns')
      .send('$ORIGIN x.example.com.\n@ 300 SOA ns admin 1 2 3 4 5\n');
    expect([imported.status, imported.body.type]).toEqual([401, 'missing_project_id']);
  });

  it("its own quotas are the defaults; a reader of the system may not change the operator's resources", async () => {
    const quotas = await as('systemAdmin').get('/v2/quotas');
    expect([quotas.status, typeof quotas.body.zones]).toEqual([200, 'number']);
    const writes: Call[] = [
      (r) => r.post('/v2/tlds').send({ name: 'org' }),
      (r) => r.delete(`/v2/tsigkeys/${ids.tsigkey}`),
    ];
    for (const call of writes) expect((await call(as('systemReader'))).status).toBe(403);
  });
});
