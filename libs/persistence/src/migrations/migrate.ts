import { connectCreatingDatabase } from './pending';
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
