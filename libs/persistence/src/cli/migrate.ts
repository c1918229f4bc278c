import { databaseUrlFromEnv } from '@zonewarden/config';
import { migrateDatabase } from '../migrations/migrate';

migrateDatabase(databaseUrlFromEnv())
  .then((applied) => {
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  })
  .catch((error: unknown) => {
    console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
