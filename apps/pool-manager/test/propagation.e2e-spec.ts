import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DEFAULT_POOL_ID } from '@zonewarden/config';
import { PrismaService } from '@zonewarden/persistence';
import {
  BindServer,
  ManagedProcess,
  PowerDnsServer,
  TestDatabase,
  apiCaller,
  appsEnv,
  as,
  createTestDatabase,
  deleteNamespace,
  everyTargetKind,
  freePort,
  startApp,
  startApps,
  startBind,
  startPowerDns,
  startTogether,
  teardown,
  waitFor,
  writePoolsFile,
} from '@zonewarden/testing';

const run = promisify(execFile);
const NOAUTH = { ...as('project-dns'), 'Content-Type': 'application/json' };

interface Zone {
  id: string;
  name: string;
  serial: number;
  status: string;
  action: string;
}

/** `dig +short` of a zone's SOA serial at a server, or the response status when there is no answer. */
async function digSoa(port: number, zone: string): Promise<string> {
  const { stdout } = await run('dig', [
    '@127.0.0.1',
    '-p',
    String(port),
    zone,
    'SOA',
    '+norec',
    '+time=1',
    '+tries=1',
  ]);
  const status = /status: (\w+)/.exec(stdout)?.[1] ?? 'NO-ANSWER';
  const soa = new RegExp(
    `^${zone.replace(/\./g, '\\.')}\\s+\\d+\\s+IN\\s+SOA\\s+\\S+\\s+\\S+\\s+(\\d+)`,
    'm',
  ).exec(stdout);
  return soa && /flags: qr aa/.test(stdout) ? soa[1] : status;
}

describe('zones reach real DNS servers (builtin, BIND 9, PowerDNS) and leave them', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let bind: BindServer;
  let pdns: PowerDnsServer;
  let miniDns: ManagedProcess;
  let poolManager: ManagedProcess;
  let gateway: ManagedProcess;
  let zoneWorker: ManagedProcess;
  let api: string;
  let env: Record<string, string>;
  let servers: [string, number][];

  // `api` is known once the gateway runs.
  const call = (method: string, url: string, body?: unknown) => apiCaller(api, NOAUTH)(method, url, body);
  const zone = async (id: string) => (await call('GET', `/v2/zones/${id}`)).body as Zone;
  /** Exports the zone (through zone-worker) and returns the zonefile's record lines. */
  const exported = async (zoneId: string) => {
    const requested = (await call('POST', `/v2/zones/${zoneId}/tasks/export`)).body;
    await waitFor(
      'the export',
      async () => (await call('GET', `/v2/zones/tasks/exports/${requested.id}`)).body.status === 'COMPLETE',
    );
    const res = await fetch(`${api}/v2/zones/tasks/exports/${requested.id}/export`, { headers: NOAUTH });
    return (await res.text()).split('\n');
  };
  const waitForZone = (id: string, predicate: (z: Zone) => boolean, what: string, timeoutMs = 20_000) =>
    waitFor(what, async () => predicate(await zone(id)), timeoutMs);

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2 });
    [bind, pdns] = await startTogether(startBind(), startPowerDns());
    const [miniDnsPort, apiPort] = [await freePort(), await freePort()];
    const poolsFile = writePoolsFile([
      {
        id: DEFAULT_POOL_ID,
        name: 'default',
        ns_records: [
          { hostname: 'ns1.zonewarden.test.', priority: 1 },
          { hostname: 'ns2.zonewarden.test.', priority: 2 },
        ],
        ...everyTargetKind(miniDnsPort, bind, pdns),
        also_notifies: [],
      },
    ]);
    servers = [
      ['builtin', miniDnsPort],
      ['bind9', bind.port],
      ['powerdns', pdns.port],
    ];
    env = {
      ...appsEnv(db.url),
      POOLS_FILE: poolsFile,
      MINIDNS_HOST: '127.0.0.1',
      MINIDNS_PORT: String(miniDnsPort),
      PROPAGATION_RETRY_BUDGET_MS: '4000',
      PROPAGATION_MAX_BACKOFF_MS: '500',
      RECONCILE_INTERVAL_MS: '1000',
      RECONCILE_AFTER_MS: '3000',
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
    };
    gateway = await startApp('api-gateway', env);
    [miniDns, poolManager, zoneWorker] = await startApps(['mini-dns', 'pool-manager', 'zone-worker'], env);
    api = `http://127.0.0.1:${apiPort}`;
  });

  afterAll(() =>
    teardown(
      () => Promise.all([gateway, miniDns, poolManager, zoneWorker].map((app) => app?.stop())),
      () => Promise.all([bind?.stop(), pdns?.stop()]),
      () => prisma?.close(),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('create, patch and delete reach every target kind', async () => {
    const created = await call('POST', '/v2/zones', {
      name: 'resolve.example.com.',
      email: 'hostmaster@example.com',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await waitForZone(id, (z) => z.action === 'NONE' && z.status === 'ACTIVE', 'the zone to be propagated');
    for (const [kind, port] of servers)
      expect([kind, await digSoa(port, 'resolve.example.com.')]).toEqual([kind, String(created.body.serial)]);

    const patched = await call('PATCH', `/v2/zones/${id}`, { ttl: 120 });
    expect(patched.body.serial).toBeGreaterThan(created.body.serial);
    await waitForZone(id, (z) => z.action === 'NONE', 'the update to be propagated');
    for (const [kind, port] of servers)
      expect([kind, await digSoa(port, 'resolve.example.com.')]).toEqual([kind, String(patched.body.serial)]);

    expect(await prisma.zoneHistoryEntry.count({ where: { zoneId: id } })).toBe(2);
    expect((await call('DELETE', `/v2/zones/${id}`)).status).toBe(202);
    await waitFor('the zone to be purged', async () => (await call('GET', `/v2/zones/${id}`)).status === 404);
    for (const [kind, port] of servers)
      expect([kind, await digSoa(port, 'resolve.example.com.')]).toEqual([kind, 'REFUSED']);
    expect(await prisma.zone.count({ where: { id } })).toBe(0);
    expect(await prisma.recordSet.count({ where: { zoneId: id } })).toBe(0);
    expect(await prisma.record.count({ where: { recordset: { zoneId: id } } })).toBe(0);
    // Its history went with it.
    expect(await prisma.zoneHistoryEntry.count({ where: { zoneId: id } })).toBe(0);
  });

  it("keeps a batch's change PENDING until every target serves its serial (BIND, PowerDNS), then ACTIVE", async () => {
    const name = 'history.example.com.';
    const created = (await call('POST', '/v2/zones', { name, email: 'ops@example.com' })).body as Zone;
    await waitForZone(
      created.id,
      (z) => z.action === 'NONE' && z.status === 'ACTIVE',
      'the zone to be propagated',
    );
    const changeUrl = (id: string) => `/v2/zones/${created.id}/changes/${id}`;
    const [creation] = (await call('GET', `/v2/zones/${created.id}/changes`)).body.changes;
    expect(creation).toMatchObject({ source: 'api', serial: created.serial, status: 'ACTIVE' });
    await pdns.pause();
    let batch: { id: string; serial: number; status: string };
    try {
      const applied = await call('POST', `/v2/zones/${created.id}/changes`, {
        comment: 'two hosts',
        changes: [
          { action: 'CREATE', name: `a.${name}`, type: 'A', records: ['192.0.2.1'] },
          { action: 'CREATE', name: `b.${name}`, type: 'AAAA', records: ['2001:db8::1'] },
        ],
      });
      expect(applied.status).toBe(201);
      batch = applied.body;
      expect(batch.status).toBe('PENDING');
      // mini-dns and BIND serve it; PowerDNS, stopped, does not: the change is not yet everywhere.
      await waitFor(
        'BIND to serve the batch',
        async () => (await digSoa(bind.port, name)) === String(batch.serial),
      );
      expect(await digSoa(servers[0][1], name)).toBe(String(batch.serial));
      expect((await call('GET', changeUrl(batch.id))).body.status).toBe('PENDING');
    } finally {
      await pdns.start();
    }
    await waitFor(
      'the change to be ACTIVE',
      async () => (await call('GET', changeUrl(batch.id))).body.status === 'ACTIVE',
      30_000,
    );
    for (const [kind, port] of servers)
      expect([kind, await digSoa(port, name)]).toEqual([kind, String(batch.serial)]);
    const changes = (await call('GET', `/v2/zones/${created.id}/changes`)).body.changes;
    expect(changes.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      [creation.id, 'ACTIVE'],
      [batch.id, 'ACTIVE'],
    ]);
  });

  it('record set changes reach every server, and record sets follow propagation', async () => {
    const zone = (await call('POST', '/v2/zones', { name: 'records.example.com.', email: 'ops@example.com' }))
      .body as Zone;
    await waitForZone(zone.id, (z) => z.action === 'NONE', 'the zone to be propagated');
    const digShort = async (port: number, name: string, type: string) => {
      const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(port), name, type, '+short', '+norec']);
      return stdout.trim().split('\n').filter(Boolean).sort();
    };
    const rsUrl = `/v2/zones/${zone.id}/recordsets`;
    const created = await call('POST', rsUrl, {
      name: 'www.records.example.com.',
      type: 'A',
      records: ['192.0.2.1', '192.0.2.2'],
      ttl: 60,
    });
    expect(created.body).toMatchObject({ status: 'PENDING', action: 'CREATE' });
    await waitFor(
      'the record set to be active',
      async () => (await call('GET', `${rsUrl}/${created.body.id}`)).body.status === 'ACTIVE',
    );
    expect((await call('GET', `${rsUrl}/${created.body.id}`)).body.action).toBe('NONE');
    for (const [kind, port] of servers)
      expect([kind, await digShort(port, 'www.records.example.com.', 'A')]).toEqual([
        kind,
        ['192.0.2.1', '192.0.2.2'],
      ]);

    await call('PUT', `${rsUrl}/${created.body.id}`, { records: ['198.51.100.7'] });
    await waitFor(
      'the update to be active',
      async () => (await call('GET', `${rsUrl}/${created.body.id}`)).body.status === 'ACTIVE',
    );
    for (const [kind, port] of servers)
      expect([kind, await digShort(port, 'www.records.example.com.', 'A')]).toEqual([kind, ['198.51.100.7']]);

    const txt = await call('POST', rsUrl, {
      name: 'records.example.com.',
      type: 'TXT',
      records: ['"v=spf1 -all"'],
    });
    const deleted = await call('DELETE', `${rsUrl}/${created.body.id}`);
    expect(deleted.status).toBe(202);
    await waitFor(
      'the deleted record set to be gone',
      async () => (await call('GET', `${rsUrl}/${created.body.id}`)).status === 404,
    );
    for (const [kind, port] of servers) {
      expect([kind, await digShort(port, 'www.records.example.com.', 'A')]).toEqual([kind, []]);
      expect([kind, await digShort(port, 'records.example.com.', 'TXT')]).toEqual([kind, ['"v=spf1 -all"']]);
    }
    expect((await call('GET', `${rsUrl}/${txt.body.id}`)).body.status).toBe('ACTIVE');
    const afterDelete = await exported(zone.id);
    expect(afterDelete.filter((line) => line.startsWith('www.'))).toEqual([]);
    expect(afterDelete).toContain('records.example.com.  IN TXT "v=spf1 -all"');
  });

  it('logs JSON lines carrying the API request id through to pool-manager', async () => {
    const res = await fetch(`${api}/v2/zones`, {
      method: 'POST',
      headers: NOAUTH,
      body: JSON.stringify({ name: 'traced.example.com.', email: 'a@b.c' }),
    });
    const requestId = res.headers.get('x-openstack-request-id')!;
    // Logs are written in batches (flushed at least every second), and a pipe may split a line: wait for
    // a whole line carrying the request id.
    const loggedLine = async (app: ManagedProcess) => {
      const line = () =>
        app.output
          .split('\n')
          .slice(0, -1)
          .find((l) => l.includes(requestId));
      await waitFor(`${app.name} to log request ${requestId}`, () => line() !== undefined);
      return JSON.parse(line()!) as Record<string, unknown>;
    };
    expect(await loggedLine(poolManager)).toMatchObject({
      app: 'pool-manager',
      msg: 'handled zone.created',
      requestId,
    });
    const gatewayLine = await loggedLine(gateway);
    expect(gatewayLine).toMatchObject({
      app: 'api-gateway',
      context: 'http',
      status: 201,
      requestId,
    });
  });

  it('lets a DELETE sent right after the POST win: the zone ends purged and served nowhere', async () => {
    const created = await call('POST', '/v2/zones', {
      name: 'fleeting.example.com.',
      email: 'ops@example.com',
    });
    const deleted = await call('DELETE', `/v2/zones/${created.body.id}`);
    expect(deleted.status).toBe(202);
    await waitFor(
      'the zone to be purged',
      async () => (await call('GET', `/v2/zones/${created.body.id}`)).status === 404,
    );
    for (const [kind, port] of servers)
      expect([kind, await digSoa(port, 'fleeting.example.com.')]).toEqual([kind, 'REFUSED']);
  });

  it('serves every record by AXFR from mini-dns, and the NS/SOA follow the pool file', async () => {
    const created = await call('POST', '/v2/zones', { name: 'axfr.example.com.', email: 'ops@example.com' });
    const id = created.body.id as string;
    const add = (name: string, type: string, records: string[]) =>
      prisma.recordSet.create({
        data: {
          id: crypto.randomUUID(),
          zoneId: id,
          projectId: 'project-dns',
          name,
          type,
          records: { create: records.map((data) => ({ id: crypto.randomUUID(), data })) },
        },
      });
    await add('www.axfr.example.com.', 'A', ['192.0.2.10', '192.0.2.11']);
    await add('axfr.example.com.', 'MX', ['10 mail.axfr.example.com.']);
    await add('mail.axfr.example.com.', 'AAAA', ['2001:db8::25']);
    await add('txt.axfr.example.com.', 'TXT', ['"v=spf1 -all" "second"']);
    await add('alias.axfr.example.com.', 'CNAME', ['www.axfr.example.com.']);
    // A change announces the zone again, so every server picks up the records.
    const patched = await call('PATCH', `/v2/zones/${id}`, { description: 'with records' });
    await waitForZone(id, (z) => z.action === 'NONE', 'the zone to be propagated');

    const { stdout } = await run('dig', [
      '@127.0.0.1',
      '-p',
      String(servers[0][1]),
      'axfr.example.com.',
      'AXFR',
      '+nocmd',
      '+nostats',
    ]);
    const lines = stdout.split('\n').filter((line) => line && !line.startsWith(';'));
    const records = lines.map((line) =>
      line
        .split(/\s+/)
        .filter((_, i) => i !== 1)
        .join(' '),
    );
    expect(records[0]).toMatch(
      new RegExp(
        `^axfr\\.example\\.com\\. IN SOA ns1\\.zonewarden\\.test\\. ops\\.example\\.com\\. ${patched.body.serial} `,
      ),
    );
    expect(records[records.length - 1]).toBe(records[0]);
    expect(records.slice(1, -1).sort()).toEqual(
      [
        'alias.axfr.example.com. IN CNAME www.axfr.example.com.',
        'axfr.example.com. IN MX 10 mail.axfr.example.com.',
        'axfr.example.com. IN NS ns1.zonewarden.test.',
        'axfr.example.com. IN NS ns2.zonewarden.test.',
        'mail.axfr.example.com. IN AAAA 2001:db8::25',
        'txt.axfr.example.com. IN TXT "v=spf1 -all" "second"',
        'www.axfr.example.com. IN A 192.0.2.10',
        'www.axfr.example.com. IN A 192.0.2.11',
      ].sort(),
    );
    // The secondaries transferred the same records.
    for (const [kind, port] of servers.slice(1)) {
      const { stdout: a } = await run('dig', [
        '@127.0.0.1',
        '-p',
        String(port),
        'alias.axfr.example.com.',
        'A',
        '+short',
      ]);
      const [cname, ...addresses] = a.trim().split('\n');
      expect([kind, cname, addresses.sort()]).toEqual([
        kind,
        'www.axfr.example.com.',
        ['192.0.2.10', '192.0.2.11'],
      ]);
    }
    const nameservers = await call('GET', `/v2/zones/${id}/nameservers`);
    expect(nameservers.body.nameservers).toEqual([
      { hostname: 'ns1.zonewarden.test.', priority: 1 },
      { hostname: 'ns2.zonewarden.test.', priority: 2 },
    ]);
  });

  it('marks a zone ERROR with a reason when a target is down, and the reconciler heals it once it is back', async () => {
    await pdns.pause();
    try {
      const created = await call('POST', '/v2/zones', {
        name: 'outage.example.com.',
        email: 'ops@example.com',
      });
      const id = created.body.id as string;
      await waitForZone(id, (z) => z.status === 'ERROR', 'the zone to be marked ERROR');
      expect((await zone(id)).action).toBe('CREATE');
      const stored = await prisma.zone.findUnique({ where: { id } });
      expect(stored?.errorReason).toMatch(/powerdns|127\.0\.0\.1/);
    } finally {
      await pdns.start();
    }
    const [outage] = ((await call('GET', '/v2/zones?name=outage.example.com.')).body.zones as Zone[]) ?? [];
    await waitForZone(
      outage.id,
      (z) => z.status === 'ACTIVE' && z.action === 'NONE',
      'the reconciler to heal the zone',
      30_000,
    );
    expect(await digSoa(pdns.port, 'outage.example.com.')).toBe(String(outage.serial));
  });

  it('on SIGTERM gives up a push retrying against a stopped target, leaving the zone pending for the restart', async () => {
    await pdns.pause();
    let id: string;
    try {
      const created = await call('POST', '/v2/zones', {
        name: 'sigterm.example.com.',
        email: 'ops@example.com',
      });
      id = created.body.id;
      await new Promise((resolve) => setTimeout(resolve, 500));
      await poolManager.stop('SIGTERM', 30_000);
      expect(poolManager.child.exitCode).toBe(0);
      // Not run to the end of its retry budget (which would have marked it ERROR): still pending.
      expect(await zone(id)).toMatchObject({ status: 'ACTIVE', action: 'CREATE' });
    } finally {
      await pdns.start();
    }
    poolManager = await startApp('pool-manager', env);
    await waitForZone(
      id,
      (z) => z.status === 'ACTIVE' && z.action === 'NONE',
      'the zone to converge',
      30_000,
    );
  });

  it('converges a zone whose push was interrupted by a pool-manager crash', async () => {
    await pdns.pause();
    let id: string;
    try {
      const created = await call('POST', '/v2/zones', {
        name: 'crash.example.com.',
        email: 'ops@example.com',
      });
      id = created.body.id;
      // pool-manager is now retrying the push against the stopped target: kill it mid-push.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await poolManager.stop('SIGKILL');
    } finally {
      await pdns.start();
    }
    poolManager = await startApp('pool-manager', env);
    await waitForZone(
      id!,
      (z) => z.status === 'ACTIVE' && z.action === 'NONE',
      'the zone to converge after the restart',
      30_000,
    );
    for (const [kind, port] of servers)
      expect([kind, await digSoa(port, 'crash.example.com.')]).toEqual([
        kind,
        String((await zone(id!)).serial),
      ]);
  });
});
