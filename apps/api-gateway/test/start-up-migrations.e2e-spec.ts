import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import {
  ManagedProcess,
  REPO_ROOT,
  TEST_AMQP_URL,
  TestDatabase,
  createDatabaseFrom,
  deleteNamespace,
  freePort,
  startApp,
  teardown,
  uniqueNamespace,
} from '@zonewarden/testing';

const REPORTER = path.join(__dirname, 'support/report-schema-engine.js');
const COMMITTED = fs
  .readdirSync(path.join(REPO_ROOT, 'prisma/migrations'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).length;

/** Migrations at start-up: applied by a child process when pending; an up-to-date database costs a query. */
describe('api-gateway start-up migrations', () => {
  let db: TestDatabase;
  let gateway: ManagedProcess | undefined;
  const namespace = uniqueNamespace();

  const start = async () =>
    (gateway = await startApp(
      'api-gateway',
      {
        DATABASE_URL: db.url,
        DATABASE_POOL_SIZE: '2',
        AMQP_URL: TEST_AMQP_URL,
        AMQP_NAMESPACE: namespace,
        API_PORT: String(await freePort()),
        NODE_OPTIONS: `--require ${REPORTER}`,
      },
      // Migrating a fresh database first: more than a plain start on a loaded machine.
      60_000,
    ));
  const appliedMigrations = async () => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        'SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL',
      );
      return rows[0].n as number;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await createDatabaseFrom('zw_test_fresh', 'template0');
  });
  afterAll(() =>
    teardown(
      () => gateway?.stop(),
      () => db?.drop(),
      () => deleteNamespace(namespace),
    ),
  );

  it('migrates a fresh database in a child process, never loading the schema engine itself', async () => {
    const app = await start();
    expect(app.output).toMatch(`${COMMITTED} pending, applying them in a child process`);
    const loadedBy = [...app.output.matchAll(/schema engine loaded in pid (\d+)/g)].map((m) => Number(m[1]));
    expect(loadedBy).toHaveLength(1);
    expect(loadedBy[0]).not.toBe(app.child.pid);
    expect(await appliedMigrations()).toBe(COMMITTED);
    await app.stop();
  });

  it('starts on an up-to-date database without loading the schema engine or starting a child', async () => {
    const app = await start();
    expect(app.output).not.toMatch('pending');
    expect(app.output).not.toMatch('schema engine loaded');
    expect(await appliedMigrations()).toBe(COMMITTED);
  });
});
