import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Which libs each lib may import (docs/architecture.md): the import directions, enforced by nx's
 * module-boundaries rule over the tags in each package.json. Apps import libs, never each other (the
 * one-process composition excepted); libs/testing only from tests.
 */
const LIB_IMPORTS = {
  contracts: [],
  dns: [],
  config: [],
  // No contracts: the domain composes every message (docs/architecture.md, "One door").
  persistence: ['dns', 'config'],
  domain: ['contracts', 'dns', 'config', 'persistence'],
  transport: ['contracts'],
  outbox: ['contracts', 'config', 'persistence', 'transport'],
  runtime: ['contracts', 'config', 'persistence', 'transport', 'outbox'],
  testing: ['contracts', 'config', 'dns', 'persistence', 'transport'],
};

/**
 * Cross-app tests read the consumers' own contract functions and app definitions from source: the
 * message contract test and the boot check of the real apps.
 */
const CROSS_APP_TEST_IMPORTS = [
  '../../mini-dns/src/zone-cache-event.contract',
  '../../pool-manager/src/zone-event.contract',
  '../../zone-worker/src/exports/export-request.contract',
  '../../zone-worker/src/imports/import-request.contract',
  '../../zone-worker/src/transfers/xfr-request.contract',
  '../../mini-dns/src/mini-dns.app',
  '../../pool-manager/src/pool-manager.app',
  '../../zone-worker/src/zone-worker.app',
];

const TEST_FILES = ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts', 'bench/**', 'jest.*'];

/** Packages of ours that may not use a driver of the database directly (nx's bannedExternalImports). */
const BANNED_EXTERNAL_IMPORTS = { domain: ['pg', 'pg-*', '@prisma/*'] };

/**
 * What of libs/persistence writes or reaches the connection (docs/architecture.md, "One door"): its
 * repositories, the zone locks, transactions and the outbox writer, its SQL helpers. The domain uses them;
 * an app reaches storage only through the domain's services (its records, types and collection specs
 * stay importable).
 */
const STORAGE_WRITERS = [
  '.*Repository',
  'ZoneLocks',
  'ImportTransaction',
  'Storage',
  'OutboxWriter',
  'withTransaction',
  'query',
  'clientOf',
  'outboxRow',
  'addRecordCounts',
  'claimStaleTasks',
];
/** The database's client itself, beside them: the operator's one-shot commands open it (cli, all-in-one). */
const DATABASE = ['PrismaService'];
/** What the domain may not reach below its repositories (pg stays out of it: BANNED_EXTERNAL_IMPORTS). */
const CONNECTION_HELPERS = ['withTransaction', 'query', 'clientOf', 'outboxRow', 'PrismaService'];

const names = (list) => `^(${list.join('|')})$`;

/** no-restricted-imports: `forbidden` names of @zonewarden/persistence, no deep import of it, no driver. */
function storageImports(forbidden, why) {
  return [
    'error',
    {
      paths: [{ name: 'pg', message: why }],
      patterns: [
        { regex: '^@zonewarden/persistence$', importNamePattern: names(forbidden), message: why },
        { regex: '^@zonewarden/persistence/', message: why },
        { regex: '^@prisma/', message: why },
      ],
    },
  ];
}
const APP_STORAGE = 'apps reach storage through the domain services (docs/architecture.md, "One door")';
const DOMAIN_STORAGE = 'the domain holds transactions (Storage) and repositories, never a connection';

/** The rule's constraints; tests may also import libs/testing. */
function boundaries(inTests) {
  const testing = inTests ? ['lib:testing'] : [];
  const libs = (names) => [...names.map((name) => `lib:${name}`), ...testing];
  const allLibs = Object.keys(LIB_IMPORTS).filter((name) => name !== 'testing');
  return [
    'error',
    {
      allow: inTests ? CROSS_APP_TEST_IMPORTS : [],
      depConstraints: [
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: libs(allLibs) },
        { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:app', ...libs(allLibs)] },
        // The console runs in the browser: no lib of ours in it; its tests start the service as others do.
        { sourceTag: 'type:frontend', onlyDependOnLibsWithTags: inTests ? libs(allLibs) : [] },
        ...Object.entries(LIB_IMPORTS).map(([name, imports]) => ({
          sourceTag: `lib:${name}`,
          onlyDependOnLibsWithTags: libs(imports),
          ...(BANNED_EXTERNAL_IMPORTS[name] && { bannedExternalImports: BANNED_EXTERNAL_IMPORTS[name] }),
        })),
      ],
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '.nx/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.js'],
    plugins: { '@nx': nx },
    rules: { '@nx/enforce-module-boundaries': boundaries(false) },
  },
  {
    files: ['apps/*/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': storageImports([...STORAGE_WRITERS, ...DATABASE], APP_STORAGE) },
  },
  {
    files: ['apps/cli/src/**/*.ts', 'apps/all-in-one/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': storageImports(STORAGE_WRITERS, APP_STORAGE) },
  },
  {
    files: ['libs/domain/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': storageImports(CONNECTION_HELPERS, DOMAIN_STORAGE) },
  },
  {
    // The operator's services take the command's own database client.
    files: ['libs/domain/src/operator/**/*.ts'],
    rules: {
      'no-restricted-imports': storageImports(
        CONNECTION_HELPERS.filter((name) => !DATABASE.includes(name)),
        DOMAIN_STORAGE,
      ),
    },
  },
  { files: TEST_FILES, rules: { '@nx/enforce-module-boundaries': boundaries(true) } },
  // Jest's per-project configs share the preset at the root by path; the watchdog's fixture runs in a
  // jest of its own and imports libs/testing as its tests do.
  {
    files: ['**/jest.config.js', 'libs/testing/src/watchdog.fixture.js'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
);
