import * as os from 'node:os';
import request from 'supertest';
import {
  APP_POOL_SIZE,
  ManagedProcess,
  TEST_AMQP_URL,
  startApp,
  teardown,
  waitFor,
} from '@zonewarden/testing';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import { UUID } from './support/zone-shape';

const ADMIN = as('project-statuses-admin', 'admin');
const HEARTBEAT_INTERVAL_MS = '300';
/** designate-tempest-plugin's test_service_statuses.py: the fields of one status. */
const FIELDS = [
  'capabilities',
  'created_at',
  'heartbeated_at',
  'hostname',
  'id',
  'links',
  'service_name',
  'stats',
  'status',
  'updated_at',
];

interface Status {
  id: string;
  service_name: string;
  status: string;
}

describe('/v2/service_statuses: heartbeats through storage', () => {
  let gw: GatewayHarness;
  let poolManager: ManagedProcess | undefined;
  const statuses = async (query = '') => {
    const res = await request(gw.url).get(`/v2/service_statuses${query}`).set(ADMIN);
    expect(res.status).toBe(200);
    return res.body.service_statuses as Status[];
  };
  /** Service name → status, e.g. { api: 'UP', worker: 'DOWN' }. */
  const byService = async () =>
    Object.fromEntries((await statuses()).map((row) => [row.service_name, row.status]));
  const startPoolManager = () =>
    startApp('pool-manager', {
      DATABASE_URL: gw.db.url,
      AMQP_URL: TEST_AMQP_URL,
      AMQP_NAMESPACE: gw.namespace,
      DATABASE_POOL_SIZE: APP_POOL_SIZE,
      HEARTBEAT_INTERVAL_MS,
    });

  beforeAll(async () => {
    gw = await startGateway({ HEARTBEAT_INTERVAL_MS });
    poolManager = await startPoolManager();
  });
  afterAll(() =>
    teardown(
      () => poolManager?.stop(),
      () => gw.close(),
    ),
  );

  it("lists each app's Designate services UP, with Designate's fields; admins only", async () => {
    const everyUp = { api: 'UP', central: 'UP', worker: 'UP', producer: 'UP' };
    await waitFor('the gateway and pool-manager to beat', async () => {
      const seen = await byService();
      return Object.entries(everyUp).every(([name, status]) => seen[name] === status);
    });
    const [worker] = await statuses('?service_name=worker');
    const one = await request(gw.url).get(`/v2/service_statuses/${worker.id}`).set(ADMIN);
    expect(Object.keys(one.body).sort()).toEqual(FIELDS);
    expect(one.body).toMatchObject({
      id: expect.stringMatching(UUID),
      hostname: os.hostname(),
      service_name: 'worker',
      status: 'UP',
      stats: {},
      capabilities: { application: 'pool-manager' },
      links: { self: `${gw.url}/v2/service_statuses/${worker.id}` },
    });
    const alias = await request(gw.url).get(`/v2/service_status/${worker.id}`).set(ADMIN);
    expect(alias.body.id).toBe(worker.id);

    for (const who of [as('project-statuses'), as('project-statuses', 'reader')]) {
      for (const path of ['/v2/service_statuses', `/v2/service_statuses/${worker.id}`]) {
        const res = await request(gw.url).get(path).set(who);
        expect([res.status, res.body.type]).toEqual([403, 'forbidden']);
      }
    }
    const missing = await request(gw.url)
      .get(`/v2/service_statuses/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)
      .set(ADMIN);
    expect([missing.status, missing.body.type]).toEqual([404, 'service_status_not_found']);
    const notUuid = await request(gw.url).get('/v2/service_statuses/central').set(ADMIN);
    expect([notUuid.status, notUuid.body.type]).toEqual([400, 'invalid_uuid']);
  });

  it('follows the collection conventions: filters, sort keys, pages, no metadata', async () => {
    const all = await request(gw.url).get('/v2/service_statuses').set(ADMIN);
    expect(all.body.metadata).toBeUndefined();
    expect(all.body.links).toEqual({ self: `${gw.url}/v2/service_statuses` });
    const sorted = await statuses('?sort_key=service_name&sort_dir=asc');
    const names = sorted.map((row) => row.service_name);
    expect(names).toEqual([...names].sort());
    expect((await statuses('?service_name=prod*')).map((row) => row.service_name)).toEqual(['producer']);
    expect((await statuses(`?hostname=${os.hostname()}&status=UP`)).length).toBe(
      all.body.service_statuses.length,
    );
    const page = await request(gw.url).get('/v2/service_statuses?limit=1').set(ADMIN);
    expect(page.body.service_statuses).toHaveLength(1);
    expect(page.body.links.next).toContain(`marker=${page.body.service_statuses[0].id}`);
    const badSort = await request(gw.url).get('/v2/service_statuses?sort_key=stats').set(ADMIN);
    expect([badSort.status, badSort.body.type]).toEqual([400, 'invalid_sort_key']);
    const badStatus = await request(gw.url).get('/v2/service_statuses?status=SLEEPING').set(ADMIN);
    expect([badStatus.status, badStatus.body.type]).toEqual([400, 'bad_request']);
  });

  it('shows a stopped app DOWN after three missed heartbeats; its next start on the host replaces it', async () => {
    await poolManager!.stop();
    await waitFor('pool-manager to show DOWN', async () => {
      const seen = await byService();
      return seen.worker === 'DOWN' && seen.producer === 'DOWN';
    });
    expect(await byService()).toMatchObject({ api: 'UP', central: 'UP' });
    expect((await statuses('?status=DOWN')).map((row) => row.service_name).sort()).toEqual([
      'producer',
      'worker',
    ]);

    poolManager = await startPoolManager();
    await waitFor('the new pool-manager to replace the stopped one', async () => {
      const rows = await statuses();
      return rows.length === 4 && rows.every((row) => row.status === 'UP');
    });
  });
});
