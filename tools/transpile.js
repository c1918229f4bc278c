#!/usr/bin/env node
// The build of the scripts that run something (`npm start`, `start:*`, `zonewarden`, `bench`, `openapi`,
// `db:*`): every project's sources (per its tsconfig.build.json) transpiled into its dist/ by SWC, file by
// file, without type checking — about a second for all 15 projects, where tsc takes 46-83 s
// (docs/benchmarks.md).
// Types are checked by `npm run build`, `npm test` and CI (tsc, with `isolatedModules`, which refuses
// what a one-file transpiler would get wrong). SWC rather than esbuild: NestJS injects by the
// constructor parameters' types, which only TypeScript-style decorator metadata records.
//
// Quiet: one line while it works, nothing when every project is up to date (its dist/ holds the hash of
// the inputs it was made from); errors in full. A dist/ made by tsc (nx) has no such hash and is made
// again; dist/ then holds this transpile's files only (a stale .d.ts could mislead a later tsc), and nx
// notices the change and restores or rebuilds its own output at the next `npm run build`. Files are
// replaced by rename, never deleted first, so apps running from dist/ are not pulled from under.
// The web console (apps/console, browser code) is built by Vite alongside, when its inputs changed.
'use strict';
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STAMP = '.transpiled';
const CONFIG = 'tsconfig.build.json';

function projects() {
  return ['libs', 'apps']
    .flatMap((group) => fs.readdirSync(path.join(ROOT, group)).map((name) => path.join(ROOT, group, name)))
    .filter((dir) => fs.existsSync(path.join(dir, CONFIG)))
    .sort();
}

function filesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

/** What a project's output depends on: its sources, its and the base tsconfig, this file, SWC's version. */
function inputsHash(dir) {
  const hash = createHash('sha256');
  hash.update(require('@swc/core/package.json').version).update(fs.readFileSync(__filename));
  const configs = fs
    .readdirSync(dir)
    .filter((name) => /^tsconfig.*\.json$/.test(name))
    .map((name) => path.join(dir, name));
  const inputs = [path.join(ROOT, 'tsconfig.base.json'), ...configs, ...filesUnder(path.join(dir, 'src'))];
  for (const file of inputs) hash.update(`\0${path.relative(ROOT, file)}\0`).update(fs.readFileSync(file));
  return hash.digest('hex');
}

function isUpToDate(dir, hash) {
  try {
    return fs.readFileSync(path.join(dir, 'dist', STAMP), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/** SWC's options for a project, from its tsconfig as tsc reads it (extends, include, exclude). */
function swcOptionsOf(ts, dir) {
  const configFile = path.join(dir, CONFIG);
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (parsed.errors.length)
    throw new Error(
      parsed.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'),
    );
  const options = parsed.options;
  const { ModuleKind, ScriptTarget } = ts;
  const nodeModules = [ModuleKind.Node16, ModuleKind.Node18, ModuleKind.NodeNext].includes(options.module);
  const packageType = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).type;
  if (!(options.module === ModuleKind.CommonJS || (nodeModules && packageType !== 'module')))
    throw new Error(`${configFile}: only CommonJS output is transpiled here`);
  const target = ScriptTarget[options.target].toLowerCase();
  return {
    files: parsed.fileNames.filter((file) => !file.endsWith('.d.ts')),
    rootDir: options.rootDir,
    outDir: options.outDir,
    sourceMap: Boolean(options.sourceMap),
    swc: {
      jsc: {
        parser: { syntax: 'typescript', decorators: Boolean(options.experimentalDecorators) },
        target,
        transform: {
          legacyDecorator: Boolean(options.experimentalDecorators),
          decoratorMetadata: Boolean(options.emitDecoratorMetadata),
          // tsc's default: class fields are defined (not assigned) from ES2022 on.
          useDefineForClassFields: options.useDefineForClassFields ?? options.target >= ScriptTarget.ES2022,
        },
      },
      // Node16/NodeNext in a CommonJS package: CommonJS, but `import()` stays an import (ES-only packages).
      module: { type: 'commonjs', ignoreDynamic: nodeModules },
      inlineSourcesContent: false,
    },
  };
}

/** SWC's message without the Rust backtrace it may append. */
function messageOf(error) {
  return String(error instanceof Error ? error.message : error).replace(/\n*Stack backtrace:[\s\S]*$/, '');
}

/** The files of one project's dist/: name → content; or every file's error. */
async function transpileProject(swc, ts, dir) {
  const { files, rootDir, outDir, sourceMap, swc: swcOptions } = swcOptionsOf(ts, dir);
  const outputs = new Map();
  const results = await Promise.allSettled(
    files.map(async (file) => {
      const out = path.join(outDir, path.relative(rootDir, file)).replace(/\.ts$/, '.js');
      const { code, map } = await swc.transform(await fs.promises.readFile(file, 'utf8'), {
        ...swcOptions,
        filename: file,
        sourceMaps: sourceMap,
      });
      if (!sourceMap) return outputs.set(out, code);
      // As tsc writes them: a map beside the file, naming the source relative to it.
      const json = JSON.parse(map);
      json.file = path.basename(out);
      json.sources = [path.relative(path.dirname(out), file)];
      outputs.set(out, `${code}\n//# sourceMappingURL=${path.basename(out)}.map\n`);
      outputs.set(`${out}.map`, JSON.stringify(json));
    }),
  );
  const errors = results
    .filter((result) => result.status === 'rejected')
    .map((result) => messageOf(result.reason));
  if (errors.length) throw new Error(errors.join('\n'));
  return { outDir, outputs };
}

/** Makes `outDir` hold exactly `outputs` (and the stamp, written last: an interrupted run is redone). */
function writeProject({ outDir, outputs }, hash) {
  const stamp = path.join(outDir, STAMP);
  for (const file of filesUnder(outDir)) if (file !== stamp && !outputs.has(file)) fs.rmSync(file);
  for (const [file, content] of outputs) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, content);
    fs.renameSync(temporary, file);
  }
  removeEmptyDirectories(outDir);
  fs.writeFileSync(stamp, `${hash}\n`);
}

function removeEmptyDirectories(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const child = path.join(dir, entry.name);
    removeEmptyDirectories(child);
    if (fs.readdirSync(child).length === 0) fs.rmdirSync(child);
  }
}

/** The web console (apps/console): built by Vite when its inputs changed since its last build here. */
const CONSOLE = path.join(ROOT, 'apps/console');

function consoleInputsHash() {
  const hash = createHash('sha256').update(fs.readFileSync(__filename));
  hash.update(require('vite/package.json').version).update(require('preact/package.json').version);
  const inputs = ['index.html', 'vite.config.mts', 'tsconfig.json'].map((name) => path.join(CONSOLE, name));
  for (const file of [...inputs, ...filesUnder(path.join(CONSOLE, 'src'))].filter(
    (f) => !f.endsWith('.spec.ts'),
  ))
    hash.update(`\0${path.relative(ROOT, file)}\0`).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** Vite's build of the console into apps/console/dist (no type check: `npm run build` does that). */
async function buildConsole() {
  const hash = consoleInputsHash();
  if (isUpToDate(CONSOLE, hash)) return false;
  const { build } = await import('vite');
  await build({ configFile: path.join(CONSOLE, 'vite.config.mts'), logLevel: 'warn' });
  fs.writeFileSync(path.join(CONSOLE, 'dist', STAMP), `${hash}\n`);
  return true;
}

async function main() {
  const consoleBuilt = buildConsole();
  // Awaited below; a failure before that is reported there, not as an unhandled rejection.
  consoleBuilt.catch(() => undefined);
  const all = projects();
  const stale = all
    .map((dir) => ({ dir, hash: inputsHash(dir) }))
    .filter(({ dir, hash }) => !isUpToDate(dir, hash));
  const started = Date.now();
  if (!stale.length) {
    if (await consoleBuilt)
      process.stderr.write(`built the console in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return;
  }
  const what = stale.length === all.length ? '' : ` (${stale.length} of ${all.length} projects changed)`;
  process.stderr.write(`building Zonewarden${what}… `);
  const swc = require('@swc/core');
  const ts = require('typescript');
  const built = await Promise.allSettled([
    ...stale.map(({ dir }) => transpileProject(swc, ts, dir)),
    consoleBuilt,
  ]);
  const failed = built.filter((result) => result.status === 'rejected');
  if (failed.length) {
    process.stderr.write('failed\n');
    for (const { reason } of failed) console.error(messageOf(reason));
    process.exit(1);
  }
  stale.forEach(({ hash }, i) => writeProject(built[i].value, hash));
  process.stderr.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

main().catch((error) => {
  process.stderr.write('failed\n');
  console.error(error);
  process.exit(1);
});
