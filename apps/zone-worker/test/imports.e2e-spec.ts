import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import * as amqplib from 'amqplib';
import { TASK_EVENTS, deadLetterQueueName, messagingTopology } from '@zonewarden/contracts';
import { zoneFromZonefile } from '@zonewarden/dns';
import { PrismaService } from '@zonewarden/persistence';
import {
  ManagedProcess,
  REPO_ROOT,
  TEST_AMQP_URL,
  TIMESTAMP,
  TestDatabase,
  appsEnv,
  as,
  createTestDatabase,
  deleteNamespace,
  freePort,
  metricSample,
  startApp,
  teardown,
  waitFor,
} from '@zonewarden/testing';

const run = promisify(execFile);
const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/zonefiles');
const IMPORT_KEYS = [
  'created_at',
  'id',
  'links',
  'message',
  'project_id',
  'status',
  'updated_at',
  'version',
  'zone_id',
];
const OWNER = as('project-import');
/** The gateway's limit here: above the 200,000 records' file, below the default, cheaper to go past. */
const MAX_ZONEFILE_BYTES = 16_000_000;

interface Import {
  id: string;
  status: string;
  message: string | null;
  zone_id: string | null;
  version: number;
  links: { self: string; href?: string; zone?: string };
}

describe('zone imports (api-gateway + zone-worker)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let env: Record<string, string>;
  let gateway: ManagedProcess;
  let worker: ManagedProcess;
  let api: string;

  const post = (body: string, contentType = 'text/dns', headers: Record<string, string> = OWNER) =>
    fetch(`${api}/v2/zones/tasks/imports`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': contentType },
      body,
    });
  const get = async (url: string, headers: Record<string, string> = OWNER) => {
    const res = await fetch(`${api}${url}`, { headers });
    return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
  };
  const finishedFor = async (
    id: string,
    headers: Record<string, string>,
    timeoutMs = 20_000,
  ): Promise<Import> => {
    await waitFor(
      'the import to finish',
      async () => (await get(`/v2/zones/tasks/imports/${id}`, headers)).body.status !== 'PENDING',
      timeoutMs,
    );
    return (await get(`/v2/zones/tasks/imports/${id}`, headers)).body;
  };
  const finished = (id: string, timeoutMs?: number) => finishedFor(id, OWNER, timeoutMs);
  /** A counter of the worker's /metrics (OPS_PORT) for zone.import.requested messages. */
  const workerCounter = async (metric: string) =>
    metricSample(
      await (await fetch(`http://127.0.0.1:${env.OPS_PORT}/metrics`)).text(),
      `${metric}{pattern="zone.import.requested"}`,
    );
  /** Messages ready in a queue: a message taken but not acked goes back there when its consumer leaves. */
  const queueDepth = async (queue: string) => {
    const connection = await amqplib.connect(TEST_AMQP_URL);
    try {
      const channel = await connection.createChannel();
      return (await channel.checkQueue(queue)).messageCount;
    } finally {
      await connection.close();
    }
  };
  /** Publishes a zone.import.requested message of `data` as the outbox relay would, confirmed by the broker. */
  const publishImportRequest = async (data: unknown, messageId: string = randomUUID()) => {
    const connection = await amqplib.connect(TEST_AMQP_URL);
    try {
      const channel = await connection.createConfirmChannel();
      channel.publish(
        messagingTopology(env.AMQP_NAMESPACE).eventsExchange,
        TASK_EVENTS.importRequested,
        Buffer.from(JSON.stringify({ pattern: TASK_EVENTS.importRequested, data })),
        { messageId, persistent: true },
      );
      await channel.waitForConfirms();
    } finally {
      await connection.close();
    }
  };
  const importText = async (text: string) => finished(((await (await post(text)).json()) as Import).id);
  /** The zone's record sets as `name type ttl data…`, the service's own SOA and apex NS left out. */
  const recordSetsOf = async (zoneId: string, zoneName: string) => {
    const sets = await prisma.recordSet.findMany({ where: { zoneId }, include: { records: true } });
    return sets
      .filter((s) => !s.managed)
      .map(
        (s) =>
          `${s.name.replace(zoneName, '@')} ${s.type} ${s.ttl} ${s.records
            .map((r) => r.data)
            .sort()
            .join(' | ')}`,
      )
      .sort();
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2 });
    const apiPort = await freePort();
    env = {
      ...appsEnv(db.url),
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
      OPS_PORT: String(await freePort()),
      TASK_REDRIVE_AFTER_MS: '30000',
      TASK_REDRIVE_INTERVAL_MS: '200',
      MAX_ZONEFILE_BYTES: String(MAX_ZONEFILE_BYTES),
    };
    // One after the other, each kept as soon as it runs, for the teardown to stop should the next fail.
    gateway = await startApp('api-gateway', env);
    worker = await startApp('zone-worker', env);
    api = `http://127.0.0.1:${apiPort}`;
  });
  afterAll(() =>
    teardown(
      () => Promise.all([gateway, worker].map((app) => app?.stop())),
      () => prisma?.close(),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('201 PENDING, then COMPLETE with the zone, its message, version 2 and links href/zone', async () => {
    const res = await post(fs.readFileSync(path.join(FIXTURES, 'ok/01-basic.zone'), 'utf8'));
    expect(res.status).toBe(201);
    const created = (await res.json()) as Import & Record<string, unknown>;
    expect(Object.keys(created).sort()).toEqual(IMPORT_KEYS);
    expect(created).toMatchObject({
      status: 'PENDING',
      zone_id: null,
      message: null,
      version: 1,
      project_id: 'project-import',
      updated_at: null,
    });
    expect(created.created_at).toMatch(TIMESTAMP);
    expect(res.headers.get('location')).toBe(created.links.self);
    const done = await finished(created.id);
    expect(done).toMatchObject({ status: 'COMPLETE', message: 'example.com. imported', version: 2 });
    expect(done.links.href).toBe(`${api}/v2/zones/${done.zone_id}`);
    expect(done.links.zone).toBe(done.links.href);
    const zone = (await get(`/v2/zones/${done.zone_id}`)).body;
    expect(zone).toMatchObject({
      name: 'example.com.',
      email: 'hostmaster@example.com',
      ttl: 3600,
      project_id: 'project-import',
      action: 'CREATE',
    });
    const ns = (await get(`/v2/zones/${done.zone_id}/recordsets?type=NS&name=example.com.`)).body.recordsets;
    expect(ns.map((s: { records: string[] }) => s.records)).toEqual([['ns1.zonewarden.test.']]);
  });

  // Early, on a fresh worker: after the fixtures' imports below it once stayed PENDING for over 7 minutes on
  // a slower machine (alone: ~50 s); not reproduced since (see the in-hand test below), not explained.
  it('imports a zonefile of 200,000 records: the stored record sets are exactly the file’s', async () => {
    const text = largeZonefile('large.test.', 200_000);
    // Above the default quota of record sets per zone (100,000).
    const admin = { ...as('project-admin', 'admin'), 'Content-Type': 'application/json' };
    await fetch(`${api}/v2/quotas/project-import`, {
      method: 'PATCH',
      headers: admin,
      body: JSON.stringify({ zone_recordsets: -1, zone_records: -1 }),
    });
    let done: Import;
    try {
      done = await finished(((await (await post(text)).json()) as Import).id, 240_000);
    } finally {
      await fetch(`${api}/v2/quotas/project-import`, { method: 'DELETE', headers: admin });
    }
    expect([done.status, done.message]).toEqual(['COMPLETE', 'large.test. imported']);
    const expected = zoneFromZonefile(text).recordsets;
    const stored = await prisma.pg.query<{ line: string }>(
      `SELECT s.name || ' ' || s.type || ' ' || s.ttl || ' ' || string_agg(r.data, ' | ' ORDER BY r.data COLLATE "C") AS line
       FROM recordsets s JOIN records r ON r.recordset_id = s.id
       WHERE s.zone_id = $1 AND NOT s.managed GROUP BY s.id`,
      [done.zone_id],
    );
    const lines = stored.rows.map((row) => row.line).sort();
    expect(lines.length).toBe(expected.length);
    expect(lines).toEqual(
      expected.map((s) => `${s.name} ${s.type} ${s.ttl} ${[...s.records].sort().join(' | ')}`).sort(),
    );
    const zone = await prisma.zone.findUniqueOrThrow({ where: { id: done.zone_id! } });
    const records = expected.reduce((sum, set) => sum + set.records.length, 0);
    expect([zone.recordsetCount, zone.recordCount]).toEqual([expected.length, records]);
    expect(records).toBeGreaterThanOrEqual(200_000);
  }, 300_000);

  it.each(fs.readdirSync(path.join(FIXTURES, 'ok')).filter((f) => f !== '01-basic.zone'))(
    'imports ok/%s with the record sets it holds',
    async (file) => {
      const text = fs.readFileSync(path.join(FIXTURES, 'ok', file), 'utf8');
      const done = await importText(text);
      expect([done.status, done.message]).toEqual(['COMPLETE', expect.stringMatching(/ imported$/)]);
      const expected = zoneFromZonefile(text);
      const zone = (await get(`/v2/zones/${done.zone_id}`)).body;
      expect(zone.name).toBe(expected.writtenName);
      expect(await recordSetsOf(done.zone_id!, expected.name)).toEqual(
        expected.recordsets
          .map(
            (s) =>
              `${s.name.replace(expected.name, '@')} ${s.type} ${s.ttl} ${[...s.records].sort().join(' | ')}`,
          )
          .sort(),
      );
    },
  );

  it.each(fs.readdirSync(path.join(FIXTURES, 'not-ok')))(
    'not-ok/%s ends in ERROR with a message naming the line',
    async (file) => {
      const done = await importText(fs.readFileSync(path.join(FIXTURES, 'not-ok', file), 'utf8'));
      expect(done.status).toBe('ERROR');
      expect(done.message).toMatch(/line \d+/);
      expect(done.zone_id).toBeNull();
    },
  );

  it("keeps the file's name as written and its SOA serial and timers; the serial only grows from there", async () => {
    const file =
      '$ORIGIN Kept.SOA.Test.\n$TTL 600\n@ SOA ns1 hostmaster 2024010101 7200 900 1209600 300\n@ NS ns1\nns1 A 192.0.2.1\n';
    const done = await importText(file);
    expect([done.status, done.message]).toEqual(['COMPLETE', 'Kept.SOA.Test. imported']);
    const zone = (await get(`/v2/zones/${done.zone_id}`)).body;
    expect(zone).toMatchObject({ name: 'Kept.SOA.Test.', serial: 2024010101, ttl: 600 });
    const soa = async () =>
      (await get(`/v2/zones/${done.zone_id}/recordsets?type=SOA`)).body.recordsets[0].records[0];
    // The MNAME and RNAME are the service's (the RNAME from the file's, as the zone's email).
    expect(await soa()).toBe(
      'ns1.zonewarden.test. hostmaster.kept.soa.test. 2024010101 7200 900 1209600 300',
    );
    const patched = await fetch(`${api}/v2/zones/${done.zone_id}`, {
      method: 'PATCH',
      headers: { ...OWNER, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ttl: 900 }),
    });
    // Ahead of the clock (a date-like serial): one more; the timers stay.
    expect(((await patched.json()) as { serial: number }).serial).toBe(2024010102);
    expect(await soa()).toBe(
      'ns1.zonewarden.test. hostmaster.kept.soa.test. 2024010102 7200 900 1209600 300',
    );
    // The name compares without regard to case.
    const again = await importText(file.replace('Kept.SOA.Test.', 'kept.soa.TEST.'));
    expect([again.status, again.message]).toEqual(['ERROR', 'Duplicate zone.']);
  });

  it("starts the zone's history with the import: every record set of the zonefile, by whoever asked", async () => {
    const text = [
      '$ORIGIN history.import.test.',
      '$TTL 300',
      '@ SOA ns admin 1 2 3 4 5',
      '@ NS ns',
      'ns A 192.0.2.1',
      'www 60 A 192.0.2.20',
      'www 60 A 192.0.2.10',
      '@ MX 10 mail',
      'txt TXT "b"',
      'txt TXT "a"',
      '',
    ].join('\n');
    const requester = as('project-import', 'member', 'importing-user');
    const res = await post(text, 'text/dns', requester);
    const requestId = res.headers.get('x-openstack-request-id');
    expect(requestId).toMatch(/^req-/);
    const done = await finishedFor(((await res.json()) as Import).id, requester);
    expect(done.status).toBe('COMPLETE');
    const zone = (await get(`/v2/zones/${done.zone_id}`)).body;
    const history = await get(`/v2/zones/${done.zone_id}/changes`, requester);
    expect(history.status).toBe(200);
    // The service's own SOA and apex NS are not the zonefile's: they are not in it.
    const created = zoneFromZonefile(text)
      .recordsets.map((set) => ({
        name: set.name,
        type: set.type,
        before: null,
        after: { ttl: set.ttl, records: [...set.records].sort() },
      }))
      // In name and type order, by code point.
      .sort((a, b) => (`${a.name} ${a.type}` < `${b.name} ${b.type}` ? -1 : 1));
    expect(created.map((set) => `${set.name} ${set.type}`)).toEqual([
      'history.import.test. MX',
      'ns.history.import.test. A',
      'txt.history.import.test. TXT',
      'www.history.import.test. A',
    ]);
    expect(history.body.changes).toEqual([
      expect.objectContaining({
        source: 'import',
        previous_serial: null,
        serial: zone.serial,
        comment: null,
        fields: null,
        status: 'PENDING',
        actor: {
          user_id: 'importing-user',
          project_id: 'project-import',
          roles: ['member'],
          request_id: requestId,
          key_name: null,
        },
        rrsets: created,
      }),
    ]);
  });

  it('ends a second import of one zone in ERROR "Duplicate zone."', async () => {
    const done = await importText(fs.readFileSync(path.join(FIXTURES, 'ok/01-basic.zone'), 'utf8'));
    expect([done.status, done.message]).toEqual(['ERROR', 'Duplicate zone.']);
  });

  it('accepts JSON {zonefile}, and refuses other content types and empty bodies', async () => {
    const json = await post(
      JSON.stringify({
        zonefile: '$ORIGIN json.test.\n$TTL 60\n@ SOA ns admin 1 2 3 4 5\n@ NS ns\nns A 192.0.2.1\n',
      }),
      'application/json',
    );
    expect(json.status).toBe(201);
    expect((await finished(((await json.json()) as Import).id)).status).toBe('COMPLETE');
    const cases: [string, string, number, string][] = [
      ['x', 'Zahlabut', 415, 'unsupported_content_type'],
      ['{"zonefile": ', 'application/json', 400, 'invalid_json'],
      ['{}', 'application/json', 400, 'invalid_object'],
      ['', 'text/dns', 400, 'empty_request_body'],
    ];
    for (const [body, type, status, errorType] of cases) {
      const res = await post(body, type);
      expect([res.status, ((await res.json()) as { type: string }).type]).toEqual([status, errorType]);
    }
  });

  it('reads a text/dns body as it comes: inflated, refused above MAX_ZONEFILE_BYTES declared or not, nothing kept of a refused one', async () => {
    const zonefile = (origin: string, lines: number) =>
      `$ORIGIN ${origin}\n$TTL 60\n@ SOA ns admin 1 2 3 4 5\n@ NS ns\nns A 192.0.2.1\n${'; filler line\n'.repeat(lines)}`;
    /** POSTs `body` with `headers`, chunked (no Content-Length) unless one is given. */
    const send = (body: Buffer, headers: Record<string, string>) =>
      new Promise<{ status: number; type: string; id?: string }>((resolve, reject) => {
        const request = http.request(
          `${api}/v2/zones/tasks/imports`,
          { method: 'POST', headers: { ...OWNER, 'Content-Type': 'text/dns', ...headers } },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ ...JSON.parse(text), status: res.statusCode! }));
          },
        );
        request.on('error', reject);
        for (let at = 0; at < body.length; at += 65_536) request.write(body.subarray(at, at + 65_536));
        request.end();
      });
    const gzipped = await send(zlib.gzipSync(zonefile('gzip.test.', 1000)), { 'Content-Encoding': 'gzip' });
    expect(gzipped.status).toBe(201);
    expect((await finished(gzipped.id!)).status).toBe('COMPLETE');
    const large = Buffer.from(zonefile('large.test.', MAX_ZONEFILE_BYTES / 10));
    expect(await send(large, {})).toMatchObject({ status: 413, type: 'request_too_large' });
    expect(await send(large, { 'Content-Length': String(large.length) })).toMatchObject({
      status: 413,
      type: 'request_too_large',
    });
    // Small on the wire, too large once inflated.
    expect(await send(zlib.gzipSync(large), { 'Content-Encoding': 'gzip' })).toMatchObject({
      status: 413,
      type: 'request_too_large',
    });
    expect(await send(Buffer.from('x'), { 'Content-Encoding': 'compress' })).toMatchObject({
      status: 415,
      type: 'unsupported_content_type',
    });
    expect(await prisma.zoneImportChunk.count()).toBe(0);
  });

  it('round-trips: import → export → named-checkzone → import under another name gives the same record sets', async () => {
    // The awkward fixture, under a name of its own (the fixture itself was imported above).
    const source = fs
      .readFileSync(path.join(FIXTURES, 'ok/02-awkward.zone'), 'utf8')
      .replace(/awkward\.test\./g, 'source.test.');
    const first = await importText(source);
    expect(first.status).toBe('COMPLETE');
    const exportRequest = await fetch(`${api}/v2/zones/${first.zone_id}/tasks/export`, {
      method: 'POST',
      headers: OWNER,
    });
    const exportId = ((await exportRequest.json()) as { id: string }).id;
    await waitFor(
      'the export',
      async () => (await get(`/v2/zones/tasks/exports/${exportId}`)).body.status === 'COMPLETE',
    );
    const exported = await (
      await fetch(`${api}/v2/zones/tasks/exports/${exportId}/export`, { headers: OWNER })
    ).text();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zw-roundtrip-')), 'zone.db');
    fs.writeFileSync(file, exported);
    const { stdout } = await run('named-checkzone', ['-i', 'local', 'source.test.', file]);
    expect(stdout).toMatch(/OK/);
    const renamed = exported.replace(/source\.test\./g, 'copy.test.');
    const second = await importText(renamed);
    expect(second.status).toBe('COMPLETE');
    const original = (await recordSetsOf(first.zone_id!, 'source.test.')).map((line) =>
      line.replace(/source\.test\./g, 'copy.test.'),
    );
    expect(await recordSetsOf(second.zone_id!, 'copy.test.')).toEqual(original);
  });

  it('isolates projects, keeps readers from importing, and deletes only the import record', async () => {
    const done = await importText(
      '$ORIGIN iso.test.\n$TTL 60\n@ SOA ns admin 1 2 3 4 5\n@ NS ns\nns A 192.0.2.1\n',
    );
    const other = as('project-other');
    expect((await get(`/v2/zones/tasks/imports/${done.id}`, other)).status).toBe(404);
    expect((await get('/v2/zones/tasks/imports', other)).body.imports).toEqual([]);
    expect((await post('$ORIGIN r.test.\n', 'text/dns', as('project-import', 'reader'))).status).toBe(403);
    const list = await get(`/v2/zones/tasks/imports?zone_id=${done.zone_id}`);
    expect(Object.keys(list.body)).toEqual(['imports', 'links', 'metadata']);
    expect(list.body.imports.map((i: Import) => i.id)).toEqual([done.id]);
    const deleted = await fetch(`${api}/v2/zones/tasks/imports/${done.id}`, {
      method: 'DELETE',
      headers: OWNER,
    });
    expect(deleted.status).toBe(204);
    expect((await get(`/v2/zones/tasks/imports/${done.id}`)).status).toBe(404);
    expect((await get(`/v2/zones/${done.zone_id}`)).status).toBe(200);
  });

  it('ends an import above the project quotas in ERROR "Quota exceeded during zone import."', async () => {
    const admin = { ...as('project-admin', 'admin'), 'Content-Type': 'application/json' };
    await fetch(`${api}/v2/quotas/project-import`, {
      method: 'PATCH',
      headers: admin,
      body: JSON.stringify({ zone_recordsets: 2 }),
    });
    try {
      const done = await importText(
        '$ORIGIN quota.test.\n$TTL 60\n@ SOA ns admin 1 2 3 4 5\n@ NS ns\nns A 192.0.2.1\na A 192.0.2.2\nb A 192.0.2.3\n',
      );
      expect([done.status, done.message]).toEqual(['ERROR', 'Quota exceeded during zone import.']);
    } finally {
      await fetch(`${api}/v2/quotas/project-import`, { method: 'DELETE', headers: admin });
    }
  });

  it('ends an import under an unknown TLD, or of a blacklisted name, in ERROR, as the API refuses them', async () => {
    const admin = { ...as('project-admin', 'admin'), 'Content-Type': 'application/json' };
    const create = async (collection: string, body: object) =>
      (
        (await (
          await fetch(`${api}/v2/${collection}`, {
            method: 'POST',
            headers: admin,
            body: JSON.stringify(body),
          })
        ).json()) as { id: string }
      ).id;
    const created = [
      ['tlds', await create('tlds', { name: 'test' })],
      ['blacklists', await create('blacklists', { pattern: '^blocked\\.' })],
    ];
    const zonefile = (origin: string) =>
      `$ORIGIN ${origin}\n$TTL 60\n@ SOA ns admin 1 2 3 4 5\n@ NS ns\nns A 192.0.2.1\n`;
    try {
      const unknownTld = await importText(zonefile('catalog.example.'));
      expect([unknownTld.status, unknownTld.message, unknownTld.zone_id]).toEqual([
        'ERROR',
        'Invalid TLD',
        null,
      ]);
      const blacklisted = await importText(zonefile('blocked.catalog.test.'));
      expect([blacklisted.status, blacklisted.message]).toEqual(['ERROR', 'Blacklisted zone name']);
      const allowed = await importText(zonefile('allowed.catalog.test.'));
      expect(allowed.status).toBe('COMPLETE');
      // An admin may use a blacklisted name (use_blacklisted_zone), by import as by the API's create.
      const byAdmin = (await (
        await post(zonefile('blocked.admin.test.'), 'text/dns', admin)
      ).json()) as Import;
      expect(await finishedFor(byAdmin.id, admin)).toMatchObject({ status: 'COMPLETE' });
      // The override is stored with the import: a request written again (its message lost) carries it.
      const id = randomUUID();
      // Its zonefile first, as the gateway stores it (the redrive may take the import at once).
      await prisma.zoneImportChunk.create({
        data: { importId: id, seq: 0, content: zonefile('blocked.redriven.test.') },
      });
      await prisma.zoneImport.create({
        data: {
          id,
          projectId: 'project-admin',
          mayUseBlacklisted: true,
          requestedAt: new Date(Date.now() - 3_600_000),
        },
      });
      expect(await finishedFor(id, admin)).toMatchObject({ status: 'COMPLETE' });
    } finally {
      for (const [collection, id] of created)
        await fetch(`${api}/v2/${collection}/${id}`, { method: 'DELETE', headers: admin });
    }
  });

  it('dead-letters a message that breaks its contract, and keeps serving the queue', async () => {
    const failedBefore = await workerCounter('zonewarden_messages_failed_total');
    await publishImportRequest({ version: 1, importId: 'not-a-uuid' }, 'poison-1');
    const dead = deadLetterQueueName(messagingTopology(env.AMQP_NAMESPACE).zoneWorkerQueue.name);
    await waitFor('the poison message to be dead-lettered', async () => (await queueDepth(dead)) === 1);
    await waitFor(
      'the failed counter to move',
      async () => (await workerCounter('zonewarden_messages_failed_total')) === failedBefore + 1,
    );
    const done = await importText(
      '$ORIGIN after-poison.test.\n$TTL 60\n@ SOA ns admin 1 2 3 4 5\n@ NS ns\nns A 192.0.2.1\n',
    );
    expect(done.status).toBe('COMPLETE');
  });

  it("serves the worker's metrics and health on OPS_PORT; the consumed counter moves per import", async () => {
    const ops = `http://127.0.0.1:${env.OPS_PORT}`;
    const consumed = () => workerCounter('zonewarden_messages_consumed_total');
    const before = await consumed();
    const done = await importText(
      '$ORIGIN metrics.test.\n@ 300 SOA ns admin 1 2 3 4 5\n@ 300 NS ns\nns 300 A 192.0.2.1\n',
    );
    expect(done.status).toBe('COMPLETE');
    await waitFor('the consumed counter to move', async () => (await consumed()) === before + 1);
    const metrics = await (await fetch(`${ops}/metrics`)).text();
    expect(metrics).toMatch(/^zonewarden_zone_worker_process_resident_memory_bytes \d+/m);
    const ready = await fetch(`${ops}/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok' }]);
    expect((await fetch(`${ops}/health/live`)).status).toBe(200);
    expect((await fetch(`${ops}/nothing`)).status).toBe(404);
    expect((await fetch(`${ops}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  /** A zonefile of `hosts` A records plus its NS host: large enough for an import to take a while. */
  const bigZonefile = (origin: string, hosts: number) => {
    const lines = [`$ORIGIN ${origin}`, '$TTL 300', '@ SOA ns admin 1 2 3 4 5', '@ NS ns', 'ns A 192.0.2.1'];
    for (let i = 0; i < hosts; i++) lines.push(`h${i} A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    return lines.join('\n');
  };

  it('refuses record sets under an existing child zone, as the API does, and imports the same zone without them', async () => {
    const child = await fetch(`${api}/v2/zones`, {
      method: 'POST',
      headers: { ...OWNER, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'child.nested.test.', email: 'a@nested.test' }),
    });
    expect(child.status).toBe(201);
    const head = [
      '$ORIGIN nested.test.',
      '$TTL 300',
      '@ SOA ns admin 1 2 3 4 5',
      '@ NS ns',
      'ns A 192.0.2.1',
    ];
    const refused = await importText([...head, 'www.child A 192.0.2.2'].join('\n'));
    expect([refused.status, refused.message]).toEqual([
      'ERROR',
      'RecordSet belongs in a child zone: child.nested.test.',
    ]);
    const imported = await importText([...head, 'www A 192.0.2.2'].join('\n'));
    expect([imported.status, imported.message]).toEqual(['COMPLETE', 'nested.test. imported']);
  });

  it('counts the imported record sets and records in the zone, for the quota checks', async () => {
    const done = await importText(bigZonefile('counted.test.', 50));
    const zone = await prisma.zone.findUniqueOrThrow({ where: { id: done.zone_id! } });
    // ns + 50 hosts, one record each; the service's own SOA and apex NS are not counted.
    expect([zone.recordsetCount, zone.recordCount]).toEqual([51, 51]);
  });

  /**
   * At least `records` records of every common kind: sets of two records with different TTLs (the smallest
   * wins), quoted text with `;` and parentheses, names inside rdata, SRV under their labels.
   */
  const largeZonefile = (origin: string, records: number) => {
    const lines = [`$ORIGIN ${origin}`, '$TTL 300', '@ SOA ns admin 1 2 3 4 5', '@ NS ns', 'ns A 192.0.2.1'];
    // Records besides the SOA and apex NS, which the service replaces with its own.
    for (let i = 0; lines.length - 4 < records; i++) {
      const ip = `${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const line = [
        `h${i} A 10.${ip}\nh${i} 60 A 11.${ip}`,
        `h${i} AAAA 2001:db8::${(i & 0xffff).toString(16)}:${(i >> 16).toString(16)}`,
        `h${i} MX 10 mail${i}`,
        `h${i} TXT "record ${i}" "with; (parentheses)"`,
        `_sip._tcp.h${i} SRV 10 60 5060 sip${i}.example.net.`,
      ][i % 5];
      lines.push(...line.split('\n'));
    }
    return `${lines.join('\n')}\n`;
  };

  it('requests again an import left PENDING whose request message was lost, so it still completes', async () => {
    const id = randomUUID();
    // As if its message had been lost: PENDING, requested an hour ago, nothing in the outbox.
    await prisma.zoneImportChunk.create({
      data: { importId: id, seq: 0, content: bigZonefile('lost.test.', 1) },
    });
    await prisma.zoneImport.create({
      data: {
        id,
        projectId: 'project-import',
        requestedAt: new Date(Date.now() - 3_600_000),
      },
    });
    expect(await finished(id)).toMatchObject({ status: 'COMPLETE', message: 'lost.test. imported' });
  });

  it('leaves an import in hand to its delivery: a duplicate request is acked at once, the redrive skips it', async () => {
    const consumed = () => workerCounter('zonewarden_messages_consumed_total');
    // The import's zone cannot be written while the table is share-locked: it waits, in hand.
    const blocker = await prisma.pg.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE zones IN SHARE MODE');
      const before = await consumed();
      const id = ((await (await post(bigZonefile('in-hand.test.', 10))).json()) as Import).id;
      await waitFor('the import to wait for the zones table', async () => {
        const { rows } = await prisma.pg.query(
          `SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
           WHERE c.relname = 'zones' AND l.mode = 'RowExclusiveLock' AND NOT l.granted`,
        );
        return rows.length > 0;
      });
      // The redrive's claim (FOR UPDATE SKIP LOCKED) does not see it.
      const claim = await prisma.pg.query(
        `SELECT id FROM zone_imports WHERE id = $1 FOR UPDATE SKIP LOCKED`,
        [id],
      );
      expect(claim.rows).toEqual([]);
      await publishImportRequest({ version: 1, importId: id, projectId: 'project-import' });
      await waitFor('the duplicate request to be acked', async () => (await consumed()) === before + 1);
      expect((await get(`/v2/zones/tasks/imports/${id}`)).body.status).toBe('PENDING');
      await blocker.query('ROLLBACK');
      expect(await finished(id)).toMatchObject({ status: 'COMPLETE', message: 'in-hand.test. imported' });
      await waitFor('the first request to be acked', async () => (await consumed()) === before + 2);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      blocker.release();
    }
  });

  it('completes an import once when zone-worker is killed in the middle of it', async () => {
    const res = await post(bigZonefile('crash.test.', 30000));
    const id = ((await res.json()) as Import).id;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await worker.stop('SIGKILL');
    worker = await startApp('zone-worker', env);
    const done = await finished(id, 60_000);
    expect(done.status).toBe('COMPLETE');
    expect(await prisma.zone.count({ where: { name: 'crash.test.' } })).toBe(1);
    expect(await prisma.recordSet.count({ where: { zoneId: done.zone_id!, managed: false } })).toBe(30001);
  });

  it('finishes and acks the import in hand when stopped with SIGTERM, leaving nothing to redeliver', async () => {
    const res = await post(bigZonefile('drain.test.', 60000));
    const id = ((await res.json()) as Import).id;
    const queue = messagingTopology(env.AMQP_NAMESPACE).zoneWorkerQueue.name;
    await waitFor(
      'the worker to take the import',
      async () =>
        (await prisma.outboxMessage.count({ where: { publishedAt: null } })) === 0 &&
        (await queueDepth(queue)) === 0,
    );
    expect((await get(`/v2/zones/tasks/imports/${id}`)).body.status).toBe('PENDING');
    await worker.stop('SIGTERM', 60_000);
    expect((await get(`/v2/zones/tasks/imports/${id}`)).body).toMatchObject({ status: 'COMPLETE' });
    expect(await queueDepth(queue)).toBe(0);
    worker = await startApp('zone-worker', env);
  }, 90_000);
});
