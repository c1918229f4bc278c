import {
  ManagedProcess,
  PrivatePostgres,
  TEST_AMQP_URL,
  as,
  deadLetterCounts,
  deleteNamespace,
  freePort,
  startApp,
  startPrivatePostgres,
  uniqueNamespace,
  waitFor,
  teardown,
} from '@zonewarden/testing';

const IN_FLIGHT = 30;
const headers = { ...as('shortage'), 'Content-Type': 'application/json' };

/** Runs `count` calls, `inFlight` at a time, each retried while the API answers 503 (storage short). */
async function eachWithRetry<T>(count: number, inFlight: number, call: (i: number) => Promise<Response>) {
  const statuses = new Map<number, number>();
  const bodies: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let i = next++; i < count; i = next++) {
        for (;;) {
          const response = await call(i);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status !== 503) {
            bodies[i] = (response.status === 204 ? undefined : await response.json()) as T;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    }),
  );
  return { statuses, bodies };
}

/**
 * The four apps, each with the default connection budget (DATABASE_POOL_SIZE 10), run on a PostgreSQL
 * that allows 40 connections in all, and, restarted under them with 12, still converge: events back off
 * and retry rather than being dead-lettered, the API answers 503 (never 500), the reconciler takes what
 * storage can serve.
 */
describe('a whole installation on a PostgreSQL with few connections', () => {
  let postgres: PrivatePostgres;
  let namespace: string;
  let api: string;
  const apps: ManagedProcess[] = [];

  beforeAll(async () => {
    postgres = await startPrivatePostgres({ max_connections: 40 });
    namespace = uniqueNamespace();
    const [apiPort, dnsPort] = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: postgres.url('zonewarden'),
      AMQP_URL: TEST_AMQP_URL,
      AMQP_NAMESPACE: namespace,
      // The default budget, on purpose (on a PostgreSQL of its own, not the machine's).
      DATABASE_POOL_SIZE: '10',
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
      MINIDNS_PORT: String(dnsPort),
      RATE_LIMIT_PER_MINUTE: '0',
      QUOTA_ZONES: '-1',
      RECONCILE_INTERVAL_MS: '2000',
      RECONCILE_AFTER_MS: '10000',
    };
    // The gateway first: it creates and migrates the database.
    apps.push(await startApp('api-gateway', env));
    for (const app of ['zone-worker', 'pool-manager', 'mini-dns']) apps.push(await startApp(app, env));
    api = `http://127.0.0.1:${apiPort}`;
  }, 120_000);

  afterAll(() =>
    teardown(
      async () => {
        for (const app of apps) await app.stop();
      },
      () => namespace && deleteNamespace(namespace).catch(() => undefined),
      () => postgres?.stop(),
    ),
  );

  /** Creates, imports and deletes zones under `prefix`, then waits until every one has converged. */
  async function loadAndConverge(prefix: string, zones: number, imports: number, deletes: number) {
    const created = await eachWithRetry<{ id: string }>(zones, IN_FLIGHT, (i) =>
      fetch(`${api}/v2/zones`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `${prefix}${i}.shortage.test.`, email: 'a@shortage.test' }),
      }),
    );
    const imported = await eachWithRetry<{ id: string }>(imports, IN_FLIGHT, (i) =>
      fetch(`${api}/v2/zones/tasks/imports`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'text/dns' },
        body: `$ORIGIN ${prefix}i${i}.shortage.test.\n@ 300 SOA ns1 h 1 2 3 4 5\n@ 300 NS ns1\nwww 300 A 192.0.2.${i + 1}\n`,
      }),
    );
    const deleted = await eachWithRetry(deletes, IN_FLIGHT, (i) =>
      fetch(`${api}/v2/zones/${created.bodies[i].id}`, { method: 'DELETE', headers }),
    );
    for (const { statuses } of [created, imported, deleted])
      expect([...statuses.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([]);
    const ours = async (): Promise<{ name: string; status: string; action: string }[] | undefined> => {
      const response = await fetch(`${api}/v2/zones?limit=1000&name=${prefix}*`, { headers });
      return response.ok ? (await response.json()).zones : undefined;
    };
    let seen: { name: string; status: string; action: string }[] | undefined;
    await waitFor(
      `the ${prefix} zones to converge`,
      async () => {
        seen = await ours();
        return seen?.length === zones - deletes + imports && seen.every((zone) => zone.action === 'NONE');
      },
      180_000,
    ).catch((error: Error) => {
      // Which zones were left, and what the apps said: the failure is seen on loaded machines only.
      const pending = seen
        ?.filter((zone) => zone.action !== 'NONE')
        .map((z) => `${z.name} ${z.status} ${z.action}`);
      const warnings = apps.map(
        (app) =>
          `--- ${app.name}\n${app.output
            .split('\n')
            .filter((line) => /"level":[45]0|WARN|ERROR/.test(line))
            .slice(-15)
            .join('\n')}`,
      );
      throw new Error(
        `${error.message}: ${seen?.length ?? 'no'} listed, pending ${JSON.stringify(pending)}\n${warnings.join('\n')}`,
      );
    });
    for (const task of imported.bodies) {
      const response = await fetch(`${api}/v2/zones/tasks/imports/${task.id}`, { headers });
      expect((await response.json()).status).toBe('COMPLETE');
    }
  }

  it('converges with max_connections = 40 (four apps at their default budget)', async () => {
    await loadAndConverge('a', 150, 15, 45);
    expect(Object.values(await deadLetterCounts(namespace))).toEqual([0, 0]);
  }, 300_000);

  it('converges after PostgreSQL comes back with 12 connections: back-off, no dead letters, no 500', async () => {
    await postgres.restart({ max_connections: 12 });
    await loadAndConverge('b', 60, 6, 20);
    // The shortage was real: some app was refused a connection.
    expect(apps.some((app) => /too many clients/.test(app.output))).toBe(true);
    expect(Object.values(await deadLetterCounts(namespace))).toEqual([0, 0]);
  }, 300_000);
});
