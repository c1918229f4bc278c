import { migrateDatabase } from './libs/persistence/src/migrations/migrate';
import { ensureTemplateDatabase } from './libs/testing/src/test-database';

/** Runs outside jest's module sandbox, where the ESM schema engine loads. */
export default async function globalSetup(): Promise<void> {
  await ensureTemplateDatabase(migrateDatabase);
}
