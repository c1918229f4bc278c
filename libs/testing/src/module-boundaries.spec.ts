import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from './processes';

/**
 * The import directions of docs/architecture.md are enforced by lint (eslint.config.mjs, nx's
 * module-boundaries rule over the tags in each package.json): a probe file at a given place, linted
 * as if it were there, shows which imports the rule refuses. ESLint runs as `npm run lint` runs it (its
 * ESM config cannot load inside jest's module system).
 */
async function boundaryProblems(filePath: string, importedLib: string): Promise<string[]> {
  const eslint = path.join(REPO_ROOT, 'node_modules/eslint/bin/eslint.js');
  const args = [eslint, '--format', 'json', '--stdin', '--stdin-filename', filePath];
  const env = { ...process.env, NX_DAEMON: 'false' };
  // ESLint exits 1 when it finds problems: its JSON report is on stdout either way.
  const report = await new Promise<string>((resolve) => {
    const child = execFile(process.execPath, args, { cwd: REPO_ROOT, env }, (_error, stdout) =>
      resolve(stdout),
    );
    child.stdin?.end(`import * as lib from '@zonewarden/${importedLib}';\nexport const probe = lib;\n`);
  });
  const [result] = JSON.parse(report) as { messages: { ruleId: string; message: string }[] }[];
  return result.messages
    .filter((message) => message.ruleId === '@nx/enforce-module-boundaries')
    .map((message) => message.message);
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
});
