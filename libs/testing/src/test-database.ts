import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';

/**
 * Test databases: each test file gets its own database, cloned from a template that holds the
 * migrated schema (migrating once per schema version, cloning in ~100 ms per file).
 */
export const TEST_ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

function urlFor(database: string): string {
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

const MIGRATIONS_DIR = path.resolve(__dirname, '../../../prisma/migrations');

/** Named after the migrations it holds, so a new migration gets a new template. */
function templateName(): string {
  const hash = createHash('sha1');
  for (const dir of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    const file = path.join(MIGRATIONS_DIR, dir, 'migration.sql');
    if (fs.existsSync(file)) hash.update(dir).update(fs.readFileSync(file));
  }
  return `zw_template_${hash.digest('hex').slice(0, 12)}`;
}

/** Bounds on the admin connection, so that a stalled server fails a test rather than hanging it. */
const ADMIN_CONNECT_TIMEOUT_MS = 10_000;
const ADMIN_QUERY_TIMEOUT_MS = 120_000;

async function withAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({
    connectionString: TEST_ADMIN_URL,
    connectionTimeoutMillis: ADMIN_CONNECT_TIMEOUT_MS,
    query_timeout: ADMIN_QUERY_TIMEOUT_MS,
  });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Creates `template` with `build` (given its URL) unless it exists; concurrent callers wait for one build. */
export async function ensureTemplate(
  template: string,
  build: (url: string) => Promise<unknown>,
): Promise<void> {
  await withAdmin(async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (exists.rowCount) return;
      const building = `${template}_build_${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      await build(urlFor(building));
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
}

/** Run once per test run (jest globalSetup): creates the migrated template database if missing. */
export function ensureTemplateDatabase(migrate: (url: string) => Promise<unknown>): Promise<void> {
  return ensureTemplate(templateName(), migrate);
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function newDatabase(prefix: string, template: string): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    name,
    url: urlFor(name),
    drop: () =>
      withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export function createTestDatabase(): Promise<TestDatabase> {
  return newDatabase('zw_test', templateName());
}

/** A database on the test server for another service a test runs (Keystone), cloned from `template`. */
export function createDatabaseFrom(prefix: string, template: string): Promise<TestDatabase> {
  return newDatabase(prefix, template);
}
