import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as ts from 'typescript';
import { ManagedProcess, REPO_ROOT, appsEnv, startApp, teardown, waitFor } from '@zonewarden/testing';
import { GatewayHarness, as, startGateway } from './support/gateway-harness';
import {
  deleteZone,
  exportZone,
  importZonefile,
  recordSetLifecycle,
  zoneLifecycle,
  zonewardenClient,
} from './support/openapi-client';

const run = promisify(execFile);
const GENERATED = path.join(__dirname, 'generated/openapi.d.ts');
const CLIENT = path.join(__dirname, 'support/openapi-client.ts');
/** Uses of the client the document must refuse: each line is one compile error. */
const WRONG_USES = `import type { ZonewardenClient } from './openapi-client';
export async function wrong(client: ZonewardenClient): Promise<void> {
  await client.POST('/v2/zones', { body: { name: 'a.example.', email: 'h@example.com', ttl: '3600' } });
  await client.GET('/v2/zones/{zone_id}', { params: { path: { zone: 'x' } } });
  await client.GET('/v2/zone');
  await client.GET('/v2/zones', { params: { query: { sort_key: 'nope' } } });
  await client.POST('/v2/zones/{zone_id}/recordsets', { params: { path: { zone_id: 'x' } }, body: { name: 'a.', type: 'A' } });
}
`;

/** Type-checks the client's uses (and WRONG_USES beside them) as strictly as the build checks sources. */
function typeErrors(): { client: string[]; wrong: string[] } {
  const wrongFile = path.join(path.dirname(CLIENT), 'openapi-client.wrong-uses.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node', 'jest'],
    typeRoots: [path.join(REPO_ROOT, 'node_modules/@types')],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => (file === wrongFile ? WRONG_USES : readFile(file));
  host.fileExists = (file) => file === wrongFile || fileExists(file);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language) =>
    file === wrongFile ? ts.createSourceFile(file, WRONG_USES, language) : getSourceFile(file, language);
  const program = ts.createProgram([CLIENT, wrongFile], options, host);
  const messages = (file: string) =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => {
      const line =
        d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      return `${path.basename(d.file?.fileName ?? '')}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
  return { client: messages(CLIENT), wrong: messages(wrongFile) };
}

interface Examples {
  [name: string]: { value: unknown };
}
interface DocumentedOperation {
  requestBody?: { content: Record<string, { example?: unknown; examples?: Examples }> };
}

/**
 * Sends every request body example of the main operations as documented (no zone-worker: the SECONDARY
 * zone's masters are documentation addresses nothing may connect to) and expects each to succeed.
 */
async function sendDocumentedExamples(base: string): Promise<void> {
  const document = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, DocumentedOperation>>;
  };
  const admin = as('project-examples', 'admin');
  const bodies = (route: string, method: string, mediaType = 'application/json'): [string, unknown][] => {
    const content = document.paths[route][method].requestBody?.content[mediaType];
    const examples = Object.entries(content?.examples ?? {}).map(([name, { value }]): [string, unknown] => [
      name,
      value,
    ]);
    return content?.example === undefined ? examples : [...examples, [mediaType, content.example]];
  };
  const send = async (method: string, url: string, body: unknown, contentType = 'application/json') => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...admin, 'Content-Type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const answer = await res.json().catch(() => undefined);
    if (!res.ok)
      throw new Error(`${method} ${url} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(answer)}`);
    return answer as { id: string };
  };
  const sent: string[] = [];
  const each = async (route: string, method: string, url: string, mediaType?: string) => {
    const found = bodies(route, method, mediaType);
    expect(found.length).toBeGreaterThan(0);
    const answers = [];
    for (const [name, body] of found) {
      answers.push(await send(method.toUpperCase(), url, body, mediaType));
      sent.push(`${method} ${route} ${name}`);
    }
    return answers;
  };

  const [zone] = await each('/v2/zones', 'post', '/v2/zones');
  await each('/v2/zones/{zone_id}', 'patch', `/v2/zones/${zone.id}`);
  const [recordSet] = await each('/v2/zones/{zone_id}/recordsets', 'post', `/v2/zones/${zone.id}/recordsets`);
  await each(
    '/v2/zones/{zone_id}/recordsets/{recordset_id}',
    'put',
    `/v2/zones/${zone.id}/recordsets/${recordSet.id}`,
  );
  await each('/v2/zones/tasks/imports', 'post', '/v2/zones/tasks/imports', 'text/dns');
  await each('/v2/zones/tasks/imports', 'post', '/v2/zones/tasks/imports', 'application/json');
  await each('/v2/zones/{zone_id}/shares', 'post', `/v2/zones/${zone.id}/shares`);
  const [grant] = await each(
    '/v2/zones/{zone_id}/update_grants',
    'post',
    `/v2/zones/${zone.id}/update_grants`,
  );
  await each(
    '/v2/zones/{zone_id}/update_grants/{update_grant_id}',
    'patch',
    `/v2/zones/${zone.id}/update_grants/${grant.id}`,
  );
  for (const [name, body] of bodies('/v2/zones/{zone_id}/tasks/transfer_requests', 'post')) {
    const own = await send('POST', '/v2/zones', {
      name: `transfer-${name}.example.com.`,
      email: 'h@example.com',
    });
    const request = await send('POST', `/v2/zones/${own.id}/tasks/transfer_requests`, body);
    await each(
      '/v2/zones/tasks/transfer_requests/{request_id}',
      'patch',
      `/v2/zones/tasks/transfer_requests/${request.id}`,
    );
  }
  await each('/v2/quotas/{project_id}', 'patch', '/v2/quotas/project-examples');
  await each('/v2/pools', 'post', '/v2/pools');
  const [domain] = await each('/domains', 'post', '/domains');
  await each('/domains/{domain_id}', 'put', `/domains/${domain.id}`);
  expect(sent.length).toBeGreaterThanOrEqual(14);
}

describe('a client generated from openapi.json (openapi-typescript + openapi-fetch)', () => {
  it('the committed types are what openapi-typescript generates from the committed openapi.json', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-openapi-types-'));
    try {
      const out = path.join(dir, 'openapi.d.ts');
      // Its CLI, as `npm run openapi` runs it (Node, not jest: openapi-typescript needs ESM packages).
      await run(process.execPath, [
        path.join(REPO_ROOT, 'node_modules/openapi-typescript/bin/cli.js'),
        path.join(REPO_ROOT, 'openapi.json'),
        '-o',
        out,
      ]);
      // When this fails, run `npm run openapi` and commit openapi.json with the generated types.
      expect(fs.readFileSync(GENERATED, 'utf8')).toBe(fs.readFileSync(out, 'utf8'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('type-checks the uses below against the document, and refuses wrong paths, parameters and bodies', () => {
    const { client, wrong } = typeErrors();
    expect(client).toEqual([]);
    // One error per wrong line: a string TTL, a misnamed path parameter, an unknown path, an unknown sort
    // key, a record set without records.
    expect(wrong.map((message) => Number(message.split(':')[1]))).toEqual([3, 4, 5, 6, 7]);
  });

  it('the API accepts the request examples the document gives', async () => {
    const gw = await startGateway();
    try {
      await sendDocumentedExamples(gw.url);
    } finally {
      await gw.close();
    }
  });

  describe('drives a real gateway and zone-worker', () => {
    let gw: GatewayHarness;
    let worker: ManagedProcess | undefined;
    const client = () => zonewardenClient(gw.url, as('project-openapi'));

    beforeAll(async () => {
      gw = await startGateway();
      worker = await startApp('zone-worker', { ...appsEnv(gw.db.url), AMQP_NAMESPACE: gw.namespace });
    });
    afterAll(() =>
      teardown(
        () => worker?.stop(),
        () => gw?.close(),
      ),
    );

    it('zones and record sets: create, list with filters, get, patch, replace, delete', async () => {
      const zone = await zoneLifecycle(client(), 'client.example.com.');
      await recordSetLifecycle(client(), zone);
      await deleteZone(client(), zone);
    });

    it('an import (text/dns) reaches COMPLETE, and an export of its zone is downloaded', async () => {
      const zonefile = [
        '$ORIGIN imported.example.net.',
        '$TTL 600',
        '@ IN SOA ns1.imported.example.net. hostmaster.imported.example.net. 1 3600 600 86400 300',
        '@ IN NS ns1.imported.example.net.',
        'www IN A 192.0.2.10',
        '@ IN TXT "v=spf1 -all"',
        '',
      ].join('\n');
      const zone = await importZonefile(client(), zonefile, waitFor);
      expect(zone.name).toBe('imported.example.net.');
      const exported = await exportZone(client(), zone, waitFor);
      expect(exported).toMatch(/^\$ORIGIN imported\.example\.net\.$/m);
      expect(exported).toMatch(/^www\.imported\.example\.net\.\s+(\d+\s+)?IN\s+A\s+192\.0\.2\.10$/m);
    });
  });
});
