import * as fs from 'node:fs';
import * as path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { MIGRATIONS_DIR, SCHEMA_PATH, committedMigrations } from './migration-files';

/**
 * Prisma's CLI cannot migrate here (its native schema engine is downloaded from outside the npm
 * registry), so we drive the WASM build of the same engine, published on npm.
 */
type Bindings = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');
export type SchemaEngine = Awaited<ReturnType<Bindings['SchemaEngine']['new']>>;

let bindings: Promise<Bindings> | undefined;

/**
 * The engine's timers: it arms a 10 s one that it never clears (its bindings have no clearTimeout), which
 * kept every process that migrated (the migration CLI, `npm run zonewarden`) alive 10 s after its work.
 * Closing an engine lets them go on without holding the process.
 */
const engineTimers = new Set<NodeJS.Timeout>();

/** The bindings as the engine imports them, its setTimeout tracked in `engineTimers`. */
function trackingTimers(bg: Bindings): Record<string, unknown> {
  const imports: Record<string, unknown> = { ...bg };
  const setTimeoutImport = Object.keys(imports).find((name) => name.startsWith('__wbg_setTimeout_'));
  if (!setTimeoutImport) throw new Error('@prisma/schema-engine-wasm: no setTimeout binding found');
  imports[setTimeoutImport] = (callback: () => void, ms: number) => {
    const timer = setTimeout(() => {
      engineTimers.delete(timer);
      callback();
    }, ms >>> 0);
    engineTimers.add(timer);
    return timer;
  };
  return imports;
}

/** Node's WebAssembly global, typed as far as we use it (lib.dom is not loaded for a server). */
function wasmRuntime() {
  return (
    globalThis as unknown as {
      WebAssembly: {
        instantiate(
          bytes: Buffer,
          imports: Record<string, Record<string, unknown>>,
        ): Promise<{ instance: { exports: object } }>;
      };
    }
  ).WebAssembly;
}

function loadBindings(): Promise<Bindings> {
  bindings ??= (async () => {
    // The package is ESM; Node >= 20.19 can require() it.
    const bg: Bindings = require('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasmPath = path.join(
      path.dirname(require.resolve('@prisma/schema-engine-wasm')),
      'schema_engine_bg.wasm',
    );
    const { instance } = await wasmRuntime().instantiate(fs.readFileSync(wasmPath), {
      './schema_engine_bg.js': trackingTimers(bg),
    });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bg;
  })();
  return bindings;
}

export interface OpenSchemaEngine {
  engine: SchemaEngine;
  /** Closes the database connections the engine opened, and lets its timers go (see `engineTimers`). */
  close(): Promise<void>;
}

export async function openSchemaEngine(databaseUrl: string): Promise<OpenSchemaEngine> {
  const bg = await loadBindings();
  const factory = new PrismaPg({ connectionString: databaseUrl, max: 1 });
  const connections: { dispose(): Promise<void> }[] = [];
  // The engine never disposes what it connects; keep track so callers can.
  const tracking = Object.create(factory) as PrismaPg;
  tracking.connect = async () => {
    const connection = await factory.connect();
    connections.push(connection);
    return connection;
  };
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[SCHEMA_PATH, fs.readFileSync(SCHEMA_PATH, 'utf8')]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(tracking),
  );
  return {
    engine,
    close: async () => {
      await Promise.all(connections.map((connection) => connection.dispose()));
      engine.free();
      for (const timer of engineTimers) timer.unref();
    },
  };
}

export function readMigrationsList() {
  const lockPath = path.join(MIGRATIONS_DIR, 'migration_lock.toml');
  const directories = committedMigrations();
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: {
      path: 'migration_lock.toml',
      content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: directories.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: {
          tag: 'ok' as const,
          value: fs.readFileSync(path.join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8'),
        },
      },
    })),
  };
}

export const NO_FILTERS = { externalTables: [], externalEnums: [] };
