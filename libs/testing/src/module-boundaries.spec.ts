import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './processes';

interface LintMessage {
  ruleId: string;
  message: string;
}

/**
 * The import directions of docs/architecture.md are enforced by lint (eslint.config.mjs: nx's
 * module-boundaries rule over the tags in each package.json, and no-restricted-imports for what of
 * libs/persistence apps and the domain may not use): a probe file at a given place, linted as if it were
 * there, shows what the rules refuse. ESLint runs as `npm run lint` runs it (its ESM config cannot load
 * inside jest's module system).
 */
async function lint(filePath: string, source: string): Promise<LintMessage[]> {
  const eslint = path.join(REPO_ROOT, 'node_modules/eslint/bin/eslint.js');
  const args = [eslint, '--format', 'json', '--stdin', '--stdin-filename', filePath];
  const env = { ...process.env, NX_DAEMON: 'false' };
  // ESLint exits 1 when it finds problems: its JSON report is on stdout either way.
  const report = await new Promise<string>((resolve) => {
    const child = execFile(process.execPath, args, { cwd: REPO_ROOT, env }, (_error, stdout) =>
      resolve(stdout),
    );
    child.stdin?.end(source);
  });
  const [result] = JSON.parse(report) as { messages: LintMessage[] }[];
  return result.messages;
}

/** What nx's rule says of a file importing a whole lib. */
async function boundaryProblems(filePath: string, importedLib: string): Promise<string[]> {
  const source = `import * as lib from '@zonewarden/${importedLib}';\nexport const probe = lib;\n`;
  return (await lint(filePath, source))
    .filter((message) => message.ruleId === '@nx/enforce-module-boundaries')
    .map((message) => message.message);
}

/** Every problem of a file importing `name` from `from` (the rule and its message). */
async function importProblems(filePath: string, name: string, from: string): Promise<string[]> {
  const source = `import { ${name} } from '${from}';\nexport const probe = ${name};\n`;
  return (await lint(filePath, source)).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('module boundaries (lint)', () => {
  it.each([
    ['a lib importing a lib above it', 'libs/contracts/src/probe.ts', 'dns', /lib:contracts/],
    ['an app importing another app', 'apps/api-gateway/src/probe.ts', 'mini-dns', /type:app/],
    ['app code importing the test helpers', 'apps/zone-worker/src/probe.ts', 'testing', /type:app/],
    ['a lib importing the test helpers', 'libs/outbox/src/probe.ts', 'testing', /lib:outbox/],
  ])(
    'refuses %s',
    async (_what, file, lib, tag) => {
      const problems = await boundaryProblems(file, lib);
      expect(problems).toEqual([expect.stringMatching(tag)]);
    },
    60_000,
  );

  it.each([
    ['an app importing a lib', 'apps/api-gateway/src/probe.ts', 'persistence'],
    ['an app’s tests importing the test helpers', 'apps/zone-worker/test/probe.e2e-spec.ts', 'testing'],
    ['the one-process composition importing an app', 'apps/all-in-one/src/probe.ts', 'mini-dns'],
  ])(
    'allows %s',
    async (_what, file, lib) => {
      expect(await boundaryProblems(file, lib)).toEqual([]);
    },
    60_000,
  );

  describe('storage through the domain', () => {
    it.each([
      [
        'an app importing a repository',
        'apps/zone-worker/src/probe.ts',
        'ImportsRepository',
        '@zonewarden/persistence',
      ],
      [
        'an app opening a transaction',
        'apps/pool-manager/src/probe.ts',
        'withTransaction',
        '@zonewarden/persistence',
      ],
      [
        'an app importing the zone locks',
        'apps/pool-manager/src/probe.ts',
        'ZoneLocks',
        '@zonewarden/persistence',
      ],
      [
        'an app importing the database client',
        'apps/mini-dns/src/probe.ts',
        'PrismaService',
        '@zonewarden/persistence',
      ],
      [
        'an app importing deep into persistence',
        'apps/api-gateway/src/probe.ts',
        'x',
        '@zonewarden/persistence/sql',
      ],
      [
        'the domain importing a connection helper',
        'libs/domain/src/probe.ts',
        'query',
        '@zonewarden/persistence',
      ],
    ])(
      'refuses %s',
      async (_what, file, name, from) => {
        expect(await importProblems(file, name, from)).toEqual([
          expect.stringMatching(/^no-restricted-imports: .*(restricted|invalid)/),
        ]);
      },
      60_000,
    );

    it('refuses the domain importing pg', async () => {
      expect(await importProblems('libs/domain/src/probe.ts', 'Pool', 'pg')).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^@nx\/enforce-module-boundaries: .*lib:domain.* not allowed to import "pg"/),
        ]),
      );
    }, 60_000);

    it.each([
      [
        'an app importing a record type',
        'apps/api-gateway/src/probe.ts',
        'ZoneRecord',
        '@zonewarden/persistence',
      ],
      [
        'an app importing a collection spec',
        'apps/api-gateway/src/probe.ts',
        'ZONE_COLLECTION',
        '@zonewarden/persistence',
      ],
      [
        'an app importing a domain service',
        'apps/pool-manager/src/probe.ts',
        'PropagationStateService',
        '@zonewarden/domain',
      ],
      ['the CLI opening its database', 'apps/cli/src/probe.ts', 'PrismaService', '@zonewarden/persistence'],
      [
        'the domain importing a repository',
        'libs/domain/src/probe.ts',
        'ZonesRepository',
        '@zonewarden/persistence',
      ],
      [
        "an app's tests importing a repository",
        'apps/zone-worker/test/probe.e2e-spec.ts',
        'ImportsRepository',
        '@zonewarden/persistence',
      ],
    ])(
      'allows %s',
      async (_what, file, name, from) => {
        expect(await importProblems(file, name, from)).toEqual([]);
      },
      60_000,
    );
  });
});
