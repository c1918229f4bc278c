import { Client } from 'pg';
import { NO_FILTERS, openSchemaEngine, readMigrationsList } from './schema-engine';

/** Any fixed number works; it only keeps concurrent starters from migrating at the same time. */
const MIGRATION_LOCK_KEY = 7_100_2024;

/**
 * Applies the committed migrations (like `prisma migrate deploy`). Safe to call from several
 * processes at once: they queue on an advisory lock, and a migrated database is left alone.
 */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const lock = await connectCreatingDatabase(databaseUrl);
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const { engine, close } = await openSchemaEngine(databaseUrl);
    try {
      const { appliedMigrationNames } = await engine.applyMigrations({
        migrationsList: readMigrationsList(),
        filters: NO_FILTERS,
      });
      return appliedMigrationNames;
    } finally {
      await close();
    }
  } finally {
    await lock.end();
  }
}

/** Connects; when the database does not exist yet (a fresh machine), creates it first. */
async function connectCreatingDatabase(databaseUrl: string): Promise<Client> {
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
