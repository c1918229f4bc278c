import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import {
  ManagedProcess,
  REPO_ROOT,
  TEST_AMQP_URL,
  TestDatabase,
  as,
  createTestDatabase,
  deleteNamespace,
  freePort,
  uniqueNamespace,
  waitFor,
  APP_POOL_SIZE,
  teardown,
} from '@zonewarden/testing';

/** `npm start` with AMQP_URL and DATABASE_URL set: each app its own process, on those servers. */
describe('npm start on RabbitMQ and PostgreSQL', () => {
  let db: TestDatabase;
  let namespace: string;
  let start: ManagedProcess;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    db = await createTestDatabase();
    namespace = uniqueNamespace();
    env = {
      PATH: process.env.PATH,
      DATABASE_URL: db.url,
      AMQP_URL: TEST_AMQP_URL,
      AMQP_NAMESPACE: namespace,
      DATABASE_POOL_SIZE: APP_POOL_SIZE,
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(await freePort()),
      MINIDNS_PORT: String(await freePort()),
    };
    start = ManagedProcess.start(
      'npm start',
      process.execPath,
      [path.join(REPO_ROOT, 'apps/all-in-one/dist/main.js')],
      env,
    );
    for (const app of ['api-gateway', 'zone-worker', 'pool-manager', 'mini-dns'])
      await start.waitForOutput(new RegExp(`\\[${app}\\] .*(listening on|started)`), 60_000);
  }, 90_000);

  afterAll(() =>
    teardown(
      () => start?.stop(),
      () => namespace && deleteNamespace(namespace).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('runs the four apps as processes that propagate a zone, and stops them all on SIGTERM', async () => {
    const response = await fetch(`http://127.0.0.1:${env.API_PORT}/v2/zones`, {
      method: 'POST',
      headers: { ...as('separate-project'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'separate.example.', email: 'a@separate.example' }),
    });
    expect(response.status).toBe(201);
    const dig = () =>
      execFileSync(
        'dig',
        ['@127.0.0.1', '-p', String(env.MINIDNS_PORT), 'separate.example', 'SOA', '+short'],
        {
          encoding: 'utf8',
        },
      ).trim();
    await waitFor('the zone to be served', () => dig() !== '', 10_000);
    expect(start.output).not.toContain('Zonewarden is running (all apps in one process)');
    await start.stop('SIGTERM', 30_000);
    expect(start.child.exitCode).toBe(0);
  });
});
