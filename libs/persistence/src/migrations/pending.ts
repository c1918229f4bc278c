import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { committedMigrations } from './migration-files';

/** The migration CLI, run as a child process so that its schema engine never enters an app's memory. */
const MIGRATE_CLI = path.resolve(__dirname, '../cli/migrate.js');

/**
 * The committed migrations that `_prisma_migrations` does not record as applied (all of them on a database
 * without that table). Plain SQL: checking costs a query, not the schema engine's 20–50 MB (docs/footprint.md).
 * One that failed half-way counts as pending, so that the engine gets to report it.
 */
export async function pendingMigrations(client: Client): Promise<string[]> {
  const committed = committedMigrations();
  const table = await client.query<{ present: boolean }>(
    "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present",
  );
  if (!table.rows[0].present) return committed;
  const applied = await client.query<{ migration_name: string }>(
    'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  const done = new Set(applied.rows.map((row) => row.migration_name));
  return committed.filter((name) => !done.has(name));
}

/**
 * What an app does at start: when migrations are pending (the database is created first if missing), applies
 * them in a child process (`npm run db:migrate`'s CLI); an up-to-date database costs one query.
 */
export async function migrateIfPending(databaseUrl: string): Promise<void> {
  const client = await connectCreatingDatabase(databaseUrl);
  let pending: string[];
  try {
    pending = await pendingMigrations(client);
  } finally {
    await client.end();
  }
  if (!pending.length) return;
  const logger = new Logger('Migrations');
  logger.log(`${pending.length} pending, applying them in a child process`);
  logger.log(await runMigrateCli(databaseUrl));
}

function runMigrateCli(databaseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [MIGRATE_CLI],
      { env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(stderr.trim() || stdout.trim() || error.message));
        else resolve(stdout.trim());
      },
    );
  });
}

/** Connects; when the database does not exist yet (a fresh machine), creates it first. */
export async function connectCreatingDatabase(databaseUrl: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
  }
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    // Another app may create it at the same moment.
    if (!['42P04', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
  } finally {
    await admin.end();
  }
  return connectCreatingDatabase(databaseUrl);
}
