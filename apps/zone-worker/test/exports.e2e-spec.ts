import { randomUUID } from 'node:crypto';
import { PrismaService } from '@zonewarden/persistence';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import {
  ManagedProcess,
  TIMESTAMP,
  TestDatabase,
  appsEnv,
  as,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  teardown,
  waitFor,
} from '@zonewarden/testing';

const run = promisify(execFile);
const EXPORT_KEYS = [
  'created_at',
  'id',
  'links',
  'location',
  'message',
  'project_id',
  'status',
  'updated_at',
  'version',
  'zone_id',
];
const OWNER = as('project-export');

describe('zone exports (api-gateway + zone-worker)', () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  let apps: ManagedProcess[];
  let api: string;

  const call = async (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = OWNER,
  ) => {
    const res = await fetch(`${api}${url}`, {
      method,
      // Always JSON, as the OpenStack client sends it, with or without a body.
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
    };
  };
  const completed = async (exportId: string) => {
    await waitFor(
      'the export to complete',
      async () => (await call('GET', `/v2/zones/tasks/exports/${exportId}`)).body.status === 'COMPLETE',
    );
    return (await call('GET', `/v2/zones/tasks/exports/${exportId}`)).body;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const apiPort = await freePort();
    env = {
      ...appsEnv(db.url),
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
      QUOTA_API_EXPORT_SIZE: '50',
      TASK_REDRIVE_AFTER_MS: '30000',
      TASK_REDRIVE_INTERVAL_MS: '200',
    };
    // One after the other, each kept as soon as it runs, for the teardown to stop should the next fail.
    apps = [await startApp('api-gateway', env)];
    apps.push(await startApp('zone-worker', env));
    api = `http://127.0.0.1:${apiPort}`;
  });
  afterAll(() =>
    teardown(
      () => Promise.all((apps ?? []).map((app) => app.stop())),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('202 PENDING, then COMPLETE with location and links.export; the content is a zonefile named-checkzone accepts', async () => {
    const zone = (
      await call('POST', '/v2/zones', {
        // The origin shows the name as given; every name compares without regard to case.
        name: 'Export.Example.COM.',
        email: 'hostmaster@example.com',
        ttl: 1800,
      })
    ).body;
    const rs = `/v2/zones/${zone.id}/recordsets`;
    await call('POST', rs, {
      name: 'www.export.example.com.',
      type: 'A',
      records: ['192.0.2.1', '192.0.2.2'],
      ttl: 300,
    });
    await call('POST', rs, {
      name: 'export.example.com.',
      type: 'MX',
      records: ['10 mail.export.example.com.'],
    });
    await call('POST', rs, { name: 'mail.export.example.com.', type: 'AAAA', records: ['2001:db8::25'] });
    await call('POST', rs, {
      name: 'export.example.com.',
      type: 'TXT',
      records: ['"v=spf1 -all" "two; parts"'],
    });
    await call('POST', rs, {
      name: '_443._tcp.www.export.example.com.',
      type: 'TLSA',
      records: ['3 1 1 0C72AC70B745AC19998811B131D662C9AC69DBDBE7CB23E5B514B56664C5D3D6'],
    });
    await call('POST', rs, { name: 'export.example.com.', type: 'HTTPS', records: ['1 . alpn=h2'] });

    const created = await call('POST', `/v2/zones/${zone.id}/tasks/export`);
    expect(created.status).toBe(202);
    expect(Object.keys(created.body).sort()).toEqual(EXPORT_KEYS);
    expect(created.body).toMatchObject({
      status: 'PENDING',
      location: null,
      message: null,
      version: 1,
      zone_id: zone.id,
      project_id: 'project-export',
      updated_at: null,
    });
    expect(created.body.created_at).toMatch(TIMESTAMP);
    expect(created.body.links).toEqual({ self: `${api}/v2/zones/tasks/exports/${created.body.id}` });
    expect(created.headers.get('location')).toBe(created.body.links.self);

    const done = await completed(created.body.id);
    expect(done).toMatchObject({
      status: 'COMPLETE',
      version: 2,
      location: `zonewarden://v2/zones/tasks/exports/${created.body.id}/export`,
    });
    expect(done.updated_at).toMatch(TIMESTAMP);
    expect(done.links.export).toBe(`${api}/v2/zones/tasks/exports/${created.body.id}/export`);

    const content = await fetch(done.links.export, { headers: { ...OWNER, Accept: 'text/dns' } });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toMatch(/^text\/dns/);
    const zonefile = await content.text();
    const current = (await call('GET', `/v2/zones/${zone.id}`)).body;
    const lines = zonefile.split('\n');
    expect(lines.slice(0, 2)).toEqual(['$ORIGIN Export.Example.COM.', '$TTL 1800']);
    // Designate's line shape: `name ttl IN type data`, the TTL empty (two spaces) when the set has none.
    expect(lines[3]).toBe(
      `export.example.com.  IN SOA ns1.zonewarden.test. hostmaster.example.com. ${current.serial} 3600 600 86400 3600`,
    );
    expect(lines[4]).toBe('export.example.com.  IN NS ns1.zonewarden.test.');
    expect(zonefile).toContain(
      'www.export.example.com. 300 IN A 192.0.2.1\nwww.export.example.com. 300 IN A 192.0.2.2\n',
    );
    expect(zonefile).toContain('export.example.com.  IN TXT "v=spf1 -all" "two; parts"\n');
    // As designate-tempest-plugin reads a line without a TTL: Python's `split(' ', 4)`, blanks dropped.
    const words = lines[3].split(' ');
    expect([...words.slice(0, 4), words.slice(4).join(' ')].filter((word) => word.trim())).toEqual([
      'export.example.com.',
      'IN',
      'SOA',
      `ns1.zonewarden.test. hostmaster.example.com. ${current.serial} 3600 600 86400 3600`,
    ]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zw-export-')), 'zone.db');
    fs.writeFileSync(file, zonefile);
    const { stdout } = await run('named-checkzone', ['-i', 'local', 'export.example.com.', file]);
    expect(stdout).toMatch(new RegExp(`loaded serial ${current.serial}\\nOK`));

    for (const accept of ['*/*', 'text/dns', 'text/*']) {
      expect((await fetch(done.links.export, { headers: { ...OWNER, Accept: accept } })).status).toBe(200);
    }
    const noAccept = await fetch(done.links.export, {
      headers: as('project-export'),
    });
    expect(noAccept.status).toBe(200);
    const jpeg = await fetch(done.links.export, { headers: { ...OWNER, Accept: 'image/jpeg' } });
    expect(jpeg.status).toBe(406);
    expect(((await jpeg.json()) as { type: string }).type).toBe('not_acceptable');
    const alias = await call('GET', `/zones/tasks/exports/${created.body.id}/export`);
    expect(alias.text).toBe(zonefile);
  });

  it('contains every record set of a shared zone, those of the project it is shared with too', async () => {
    const zone = (
      await call('POST', '/v2/zones', { name: 'shared.example.com.', email: 'a@shared.example.com' })
    ).body;
    expect(
      (await call('POST', `/v2/zones/${zone.id}/shares`, { target_project_id: 'project-share-target' }))
        .status,
    ).toBe(201);
    const rs = `/v2/zones/${zone.id}/recordsets`;
    await call('POST', rs, { name: 'owner.shared.example.com.', type: 'A', records: ['192.0.2.1'] });
    const theirs = await call(
      'POST',
      rs,
      { name: 'target.shared.example.com.', type: 'A', records: ['192.0.2.2'] },
      as('project-share-target'),
    );
    expect(theirs.body.project_id).toBe('project-share-target');

    const done = await completed((await call('POST', `/v2/zones/${zone.id}/tasks/export`)).body.id);
    const zonefile = await (await fetch(done.links.export, { headers: OWNER })).text();
    expect(zonefile).toContain('owner.shared.example.com.  IN A 192.0.2.1\n');
    expect(zonefile).toContain('target.shared.example.com.  IN A 192.0.2.2\n');
  });

  it('requests again an export left PENDING whose request message was lost, so it still completes', async () => {
    const zone = (await call('POST', '/v2/zones', { name: 'lost.example.com.', email: 'a@lost.example.com' }))
      .body;
    const prisma = new PrismaService({ url: db.url, poolSize: 1 });
    const id = randomUUID();
    try {
      // As if its message had been lost: PENDING, requested an hour ago, nothing in the outbox.
      await prisma.zoneExport.create({
        data: {
          id,
          projectId: 'project-export',
          zoneId: zone.id,
          requestedAt: new Date(Date.now() - 3_600_000),
        },
      });
    } finally {
      await prisma.close();
    }
    expect((await completed(id)).location).toBe(`zonewarden://v2/zones/tasks/exports/${id}/export`);
  });

  it('lists, filters, isolates and deletes exports; the content then answers 404', async () => {
    const zone = (await call('POST', '/v2/zones', { name: 'list.export.example.com.', email: 'a@b.c' })).body;
    const created = (await call('POST', `/v2/zones/${zone.id}/tasks/export`)).body;
    await completed(created.id);
    const list = await call('GET', `/v2/zones/tasks/exports?zone_id=${zone.id}`);
    expect(Object.keys(list.body)).toEqual(['exports', 'links', 'metadata']);
    expect(list.body.exports.map((e: { id: string }) => e.id)).toEqual([created.id]);
    expect((await call('GET', '/v2/zones/tasks/exports?status=ERROR')).body.exports).toEqual([]);
    const other = as('project-other');
    expect((await call('GET', `/v2/zones/tasks/exports/${created.id}`, undefined, other)).status).toBe(404);
    expect((await call('GET', `/v2/zones/tasks/exports/${created.id}/export`, undefined, other)).status).toBe(
      404,
    );
    expect((await call('GET', '/v2/zones/tasks/exports', undefined, other)).body.exports).toEqual([]);
    expect((await call('POST', `/v2/zones/${zone.id}/tasks/export`, undefined, other)).status).toBe(404);
    expect(
      (await call('POST', `/v2/zones/${zone.id}/tasks/export`, undefined, as('project-export', 'reader')))
        .status,
    ).toBe(403);
    expect((await call('DELETE', `/v2/zones/tasks/exports/${created.id}`)).status).toBe(204);
    expect((await call('GET', `/v2/zones/tasks/exports/${created.id}`)).body.type).toBe(
      'zone_export_not_found',
    );
    expect((await call('GET', `/v2/zones/tasks/exports/${created.id}/export`)).status).toBe(404);
    expect((await call('GET', '/v2/zones/tasks/exports/not-a-uuid')).status).toBe(400);
  });

  it('refuses a zone above the export size quota (413 over_quota)', async () => {
    const zone = (await call('POST', '/v2/zones', { name: 'big.export.example.com.', email: 'a@b.c' })).body;
    for (let i = 0; i < 50; i++)
      await call('POST', `/v2/zones/${zone.id}/recordsets`, {
        name: `h${i}.big.export.example.com.`,
        type: 'A',
        records: ['192.0.2.1'],
      });
    const res = await call('POST', `/v2/zones/${zone.id}/tasks/export`);
    expect([res.status, res.body.type]).toEqual([413, 'over_quota']);
  });
});
