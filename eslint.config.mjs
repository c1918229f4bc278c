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
  persistence: ['contracts', 'dns', 'config'],
  config: ['persistence'],
  messaging: ['contracts', 'config', 'persistence'],
  testing: ['contracts', 'config', 'dns', 'persistence'],
};

const TEST_FILES = ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts', 'bench/**', 'jest.*'];

/** The rule's constraints; tests may also import libs/testing. */
function boundaries(inTests) {
  const testing = inTests ? ['lib:testing'] : [];
  const libs = (names) => [...names.map((name) => `lib:${name}`), ...testing];
  const allLibs = Object.keys(LIB_IMPORTS).filter((name) => name !== 'testing');
  return [
    'error',
    {
      allow: [],
      depConstraints: [
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: libs(allLibs) },
        { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:app', ...libs(allLibs)] },
        ...Object.entries(LIB_IMPORTS).map(([name, imports]) => ({
          sourceTag: `lib:${name}`,
          onlyDependOnLibsWithTags: libs(imports),
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
  { files: TEST_FILES, rules: { '@nx/enforce-module-boundaries': boundaries(true) } },
  // Jest's per-project configs share the preset at the root by path; the watchdog's fixture runs in a
  // jest of its own and imports libs/testing as its tests do.
  {
    files: ['**/jest.config.js', 'libs/testing/src/watchdog.fixture.js'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
);
