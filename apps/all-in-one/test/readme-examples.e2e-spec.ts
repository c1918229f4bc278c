import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NpmStart, REPO_ROOT, npmStartDataDir, startNpmStart, teardown, waitFor } from '@zonewarden/testing';

const README = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
/** What a reader changes in the examples: the first lines, to what `npm start` printed, and the DNS port. */
const PLACEHOLDERS = {
  api: 'API=http://127.0.0.1:9001',
  token: 'TOKEN=zw_…',
  dnsPort: '-p 5354 ',
};

/** The shell commands of the README's "API examples", in order; a command keeps its continuation lines. */
function readmeExamples(): string[] {
  const section = README.slice(README.indexOf('## API examples'));
  const body = section.slice(0, section.indexOf('\n## ', 3));
  const blocks = [...body.matchAll(/```sh\n([^]*?)```/g)].map((match) => match[1]);
  return blocks
    .join('')
    .split('\n')
    .reduce<string[]>((commands, line, i, lines) => {
      const continued = i > 0 && lines[i - 1].trimEnd().endsWith('\\');
      if (continued) commands[commands.length - 1] += `\n${line}`;
      else if (line.trim() && !line.trimStart().startsWith('#')) commands.push(line);
      return commands;
    }, []);
}

/** Runs `commands` in one bash, as a reader pastes them, each output behind a marker naming it. */
function runInBash(
  commands: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ failed?: string; outputs: string[] }> {
  const script = [
    'set -eo pipefail',
    ...commands.flatMap((command, i) => [`printf '\\n@@ %d\\n' ${i}`, command]),
  ];
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', script.join('\n')],
      { cwd: REPO_ROOT, env, timeout: 120_000 },
      (error, stdout, stderr) => {
        const outputs = commands.map(() => '');
        for (const part of stdout.split(/\n@@ (?=\d+\n)/).slice(1)) {
          const [index, ...lines] = part.split('\n');
          outputs[Number(index)] = lines.join('\n');
        }
        resolve({ failed: error ? `${error.message}\n${stderr}` : undefined, outputs });
      },
    );
  });
}

/**
 * A reader's first hour: `npm start`, the banner's curl, then the README's API examples top to bottom,
 * pasted as written (but for the API URL, token and DNS port it printed), with the CLI run beside it.
 */
describe('the README examples, as written, against `npm start`', () => {
  const dataDir = npmStartDataDir('readme');
  let app: NpmStart;
  let commands: string[];
  let outputs: string[] = [];

  beforeAll(async () => {
    app = await startNpmStart(dataDir);
    commands = readmeExamples().map((command) =>
      command
        .replace(PLACEHOLDERS.api, `API=${app.api}`)
        .replace(PLACEHOLDERS.token, `TOKEN=${app.token}`)
        .replace(PLACEHOLDERS.dnsPort, `-p ${app.dnsPort} `),
    );
    // The banner's own "Try it" first, as the README says.
    const tryIt = app.process.output.split('\n').find((line) => line.trimStart().startsWith('curl '));
    commands.unshift(tryIt!.trim());
  }, 90_000);

  afterAll(() =>
    teardown(
      () => app?.process.stop(),
      () => fs.rmSync(dataDir, { recursive: true, force: true }),
    ),
  );

  it('has the placeholders a reader replaces, and commands for every part of the API', () => {
    for (const placeholder of Object.values(PLACEHOLDERS)) expect(README).toContain(placeholder);
    const all = commands.join('\n');
    for (const part of [
      '/v2/zones',
      '/recordsets',
      '/tasks/imports',
      '/tasks/export',
      'transfer_accept',
      '/domains',
    ])
      expect(all).toContain(part);
    expect(all).toContain('npm run -s zonewarden -- token create');
  });

  it('run top to bottom without an error', async () => {
    const run = await runInBash(commands, app.shell);
    outputs = run.outputs;
    const failed = run.failed;
    const errors = outputs
      .map((output, i) => ({ command: commands[i], output }))
      .filter(({ output }) => /"code": ?[45]\d\d/.test(output));
    expect({ failed, errors }).toEqual({ failed: undefined, errors: [] });
  }, 120_000);

  it('imported the sample zonefile, and the CLI’s token was taken by the running service', async () => {
    const imports = async () =>
      (
        (await (
          await fetch(`${app.api}/v2/zones/tasks/imports`, { headers: { 'X-Auth-Token': app.token } })
        ).json()) as {
          imports: Array<{ status: string; message: string }>;
        }
      ).imports;
    await waitFor('the import to end', async () =>
      (await imports()).every((task) => task.status !== 'PENDING'),
    );
    expect(await imports()).toEqual([
      expect.objectContaining({ status: 'COMPLETE', message: 'example.net. imported' }),
    ]);
    const accepted = outputs[commands.findIndex((command) => command.includes('transfer_accept'))];
    expect(JSON.parse(accepted)).toMatchObject({ status: 'COMPLETE' });
  });
});
