import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { databaseUrlFromEnv } from '@zonewarden/config';
import { MIGRATIONS_DIR, PRISMA_DIR, SCHEMA_PATH } from '../migrations/migration-files';
import { NO_FILTERS, openSchemaEngine } from '../migrations/schema-engine';

/**
 * `npm run db:new-migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL
 * that takes the last committed prisma/schema.prisma (git HEAD) to the working copy; with no migrations yet,
 * from an empty database. The WASM engine can neither diff from a URL nor introspect through the pg adapter,
 * so the committed schema stands for the migrated database. Review the SQL before committing it.
 */
function committedSchema(): string | null {
  if (!fs.existsSync(MIGRATIONS_DIR) || fs.readdirSync(MIGRATIONS_DIR).length === 0) return null;
  const relative = path.relative(path.dirname(PRISMA_DIR), SCHEMA_PATH);
  return execFileSync('git', ['show', `HEAD:${relative}`], {
    cwd: path.dirname(PRISMA_DIR),
    encoding: 'utf8',
  });
}

async function main(name: string): Promise<void> {
  const { engine, close } = await openSchemaEngine(databaseUrlFromEnv());
  const target = { path: SCHEMA_PATH, content: fs.readFileSync(SCHEMA_PATH, 'utf8') };
  const previous = committedSchema();
  const result = await engine.diff({
    from:
      previous === null
        ? { tag: 'empty' }
        : { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: previous }] },
    to: { tag: 'schemaDatamodel', files: [target] },
    script: true,
    exitCode: null,
    filters: NO_FILTERS,
  });
  await close();
  const sql = result.stdout ?? '';
  if (!sql.trim() || /empty migration/i.test(sql)) {
    console.log('the schema has not changed since the last commit; nothing written');
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'migration.sql'), sql);
  if (!fs.existsSync(path.join(MIGRATIONS_DIR, 'migration_lock.toml'))) {
    fs.writeFileSync(path.join(MIGRATIONS_DIR, 'migration_lock.toml'), 'provider = "postgresql"\n');
  }
  console.log(`written: ${path.relative(process.cwd(), dir)}/migration.sql (review it, then commit)`);
}

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:new-migration -- <snake_case_name>');
  process.exit(2);
}
main(name).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
