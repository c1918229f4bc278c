import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
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
  bindTarget,
  createTestDatabase,
  deleteNamespace,
  freePort,
  powerDnsTarget,
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
const ADMIN = { ...as('project-admin', 'admin'), 'Content-Type': 'application/json' };
const SECRET = Buffer.from('a pool key shared with BIND, 32B').toString('base64');
const KEY_NAME = 'pool-xfr-key';
const ZONE_SECRET = Buffer.from('a zone key, shared with BIND too').toString('base64');
const ZONE_KEY_NAME = 'zone-xfr-key';

/** `dig` at mini-dns: its stdout, whatever the transfer's outcome (dig exits 0 on a refused AXFR too). */
async function dig(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(port), '+time=2', '+tries=1', ...args], {
    timeout: 10_000,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return stdout;
}

/** The SOA records of an AXFR answer (a complete transfer has two: first and last). */
const soaLines = (out: string, zone: string) =>
  out
    .split('\n')
    .filter((line) => new RegExp(`^${zone.replace(/\./g, '\\.')}\\s+\\d+\\s+IN\\s+SOA\\s`).test(line));

describe('TSIG between mini-dns and the pool targets (a POOL tsigkey; BIND 9, PowerDNS)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let bind: BindServer;
  let pdns: PowerDnsServer;
  const apps: ManagedProcess[] = [];
  let api: string;
  let env: Record<string, string>;
  let miniDnsPort: number;

  // `api` is known once the gateway runs.
  const call = (method: string, url: string, body?: unknown) => apiCaller(api, ADMIN)(method, url, body);

  const waitForPropagation = (id: string) =>
    waitFor(
      'the zone to be propagated',
      async () => {
        const { body } = await call('GET', `/v2/zones/${id}`);
        return body.action === 'NONE' && body.status === 'ACTIVE';
      },
      20_000,
    ).catch(async (error: Error) => {
      // Why: what the targets and the apps said.
      const logs = [pdns.process, bind.process, ...apps].map((p) => p.output.slice(-2000)).join('\n');
      throw new Error(
        `${error.message}: ${JSON.stringify((await call('GET', `/v2/zones/${id}`)).body)}\n${logs}`,
      );
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2 });
    [bind, pdns] = await startTogether(
      startBind(
        [
          `key "${KEY_NAME}" { algorithm hmac-sha256; secret "${SECRET}"; };`,
          `key "${ZONE_KEY_NAME}" { algorithm hmac-sha512; secret "${ZONE_SECRET}"; };`,
        ].join('\n'),
      ),
      startPowerDns(),
    );
    const apiPort = await freePort();
    miniDnsPort = await freePort();
    const poolsFile = writePoolsFile([
      {
        id: DEFAULT_POOL_ID,
        name: 'default',
        ns_records: [{ hostname: 'ns1.zonewarden.test.', priority: 1 }],
        nameservers: [
          { host: '127.0.0.1', port: bind.port },
          { host: '127.0.0.1', port: pdns.port },
        ],
        targets: [bindTarget(bind), powerDnsTarget(pdns)],
        also_notifies: [],
      },
    ]);
    env = {
      ...appsEnv(db.url),
      POOLS_FILE: poolsFile,
      MINIDNS_HOST: '127.0.0.1',
      MINIDNS_PORT: String(miniDnsPort),
      MINIDNS_CATCH_UP_INTERVAL_MS: '2000',
      PROPAGATION_RETRY_BUDGET_MS: '8000',
      PROPAGATION_MAX_BACKOFF_MS: '500',
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
      TSIG_KEY_ENCRYPTION_KEYS: 'k2026=an operator secret for the tests',
    };
    apps.push(await startApp('api-gateway', env));
    apps.push(...(await startApps(['mini-dns', 'pool-manager', 'zone-worker'], env)));
    api = `http://127.0.0.1:${apiPort}`;
  });

  afterAll(() =>
    teardown(
      () => Promise.all(apps.map((app) => app.stop())),
      () => Promise.all([bind?.stop(), pdns?.stop()]),
      () => prisma?.close(),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('keeps the secret encrypted at rest and shows it to admins', async () => {
    const created = await call('POST', '/v2/tsigkeys', {
      name: KEY_NAME,
      algorithm: 'hmac-sha256',
      secret: SECRET,
      scope: 'POOL',
      resource_id: DEFAULT_POOL_ID,
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toBe(SECRET);
    const row = await prisma.tsigKey.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.secret).toMatch(/^v1:k2026:/);
    expect(row.secret).not.toContain(SECRET);
    expect((await call('GET', `/v2/tsigkeys/${created.body.id}`)).body.secret).toBe(SECRET);
    expect((await call('GET', '/v2/tsigkeys')).body.tsigkeys[0].secret).toBe(SECRET);

    // A key stored in the clear before the setting was made: read as it is, encrypted on its next write.
    const legacy = await prisma.tsigKey.create({
      data: {
        id: randomUUID(),
        name: 'legacy-key',
        algorithm: 'hmac-sha1',
        secret: 'bGVnYWN5',
        scope: 'ZONE',
        resourceId: randomUUID(),
      },
    });
    expect((await call('GET', `/v2/tsigkeys/${legacy.id}`)).body.secret).toBe('bGVnYWN5');
    const renamed = await call('PATCH', `/v2/tsigkeys/${legacy.id}`, { name: 'legacy-key-2' });
    expect(renamed.body).toMatchObject({ name: 'legacy-key-2', secret: 'bGVnYWN5' });
    expect((await prisma.tsigKey.findUniqueOrThrow({ where: { id: legacy.id } })).secret).toMatch(
      /^v1:k2026:/,
    );
    await call('DELETE', `/v2/tsigkeys/${legacy.id}`);
  });

  it('a zone of the pool reaches BIND and PowerDNS by TSIG-signed transfers; unsigned or badly signed ones are refused', async () => {
    const zone = 'signed.example.com.';
    const created = await call('POST', '/v2/zones', { name: zone, email: 'hostmaster@example.com' });
    expect([201, 202]).toContain(created.status);
    await waitForPropagation(created.body.id);
    const soa = await dig(bind.port, zone, 'SOA', '+norec', '+short');
    expect(soa.split(' ')[2]).toBe(String(created.body.serial));
    expect((await dig(pdns.port, zone, 'SOA', '+norec', '+short')).split(' ')[2]).toBe(
      String(created.body.serial),
    );
    // The builtin server refuses unsigned transfers of the zone: both transferred with the key. BIND names it
    // in its log; PowerDNS holds it (the driver wrote it) and names it for the zone (AXFR-MASTER-TSIG).
    expect(bind.process.output).toMatch(
      new RegExp(`transfer of '${zone.slice(0, -1)}/IN'.*TSIG ${KEY_NAME}`),
    );

    const pdnsApi = (url: string) =>
      fetch(`http://127.0.0.1:${pdns.apiPort}/api/v1/servers/localhost${url}`, {
        headers: { 'X-API-Key': pdns.apiKey },
      }).then((res) => res.json());
    expect(await pdnsApi(`/zones/${zone}`)).toMatchObject({ slave_tsig_key_ids: [`${KEY_NAME}.`] });
    expect(await pdnsApi(`/tsigkeys/${KEY_NAME}.`)).toMatchObject({ algorithm: 'hmac-sha256', key: SECRET });

    const unsigned = await dig(miniDnsPort, zone, 'AXFR');
    expect(soaLines(unsigned, zone)).toHaveLength(0);
    expect(unsigned).toMatch(/Transfer failed/);
    const wrongSecret = Buffer.from('not the pool key').toString('base64');
    const forged = await dig(miniDnsPort, '-y', `hmac-sha256:${KEY_NAME}:${wrongSecret}`, zone, 'AXFR');
    expect(soaLines(forged, zone)).toHaveLength(0);
    expect(forged).toMatch(
      new RegExp(`${KEY_NAME}\\.\\s+0\\s+ANY\\s+TSIG\\s+hmac-sha256\\. \\d+ 300 0 \\d+ BADSIG`),
    );
    const unknownKey = await dig(miniDnsPort, '-y', `hmac-sha256:another-key:${SECRET}`, zone, 'AXFR');
    expect(soaLines(unknownKey, zone)).toHaveLength(0);
    expect(unknownKey).toMatch(/another-key\.\s+0\s+ANY\s+TSIG\s+hmac-sha256\. \d+ 300 0 \d+ BADKEY/);
    const signed = await dig(miniDnsPort, '-y', `hmac-sha256:${KEY_NAME}:${SECRET}`, zone, 'AXFR');
    expect(soaLines(signed, zone)).toHaveLength(2);
    expect(signed).not.toMatch(/Transfer failed|verify|BADSIG|BADKEY|BADTIME/i);

    // SOA queries need no key; signed, they are answered signed (dig checks the answer's MAC).
    expect(await dig(miniDnsPort, zone, 'SOA', '+short')).toContain(String(created.body.serial));
    const signedSoa = await dig(miniDnsPort, '-y', `hmac-sha256:${KEY_NAME}:${SECRET}`, zone, 'SOA');
    expect(signedSoa).toMatch(/status: NOERROR/);
    expect(signedSoa).toMatch(new RegExp(`${KEY_NAME}\\.\\s+0\\s+ANY\\s+TSIG\\s+hmac-sha256\\.`));
  });

  it("a zone's own key (scope ZONE) takes over from its pool's on the zone's next change", async () => {
    const zone = 'rekeyed.example.com.';
    const created = await call('POST', '/v2/zones', { name: zone, email: 'hostmaster@example.com' });
    await waitForPropagation(created.body.id);
    const key = await call('POST', '/v2/tsigkeys', {
      name: ZONE_KEY_NAME,
      algorithm: 'hmac-sha512',
      secret: ZONE_SECRET,
      scope: 'ZONE',
      resource_id: created.body.id,
    });
    expect(key.status).toBe(201);
    const patched = await call('PATCH', `/v2/zones/${created.body.id}`, { ttl: 600 });
    await waitForPropagation(created.body.id);
    for (const port of [bind.port, pdns.port])
      expect((await dig(port, zone, 'SOA', '+norec', '+short')).split(' ')[2]).toBe(
        String(patched.body.serial),
      );
    // BIND's zone now names the zone key (rndc modzone); the NOTIFY came signed with it.
    const { stdout: shown } = await run('rndc', [
      ...['-s', '127.0.0.1', '-p', String(bind.rndcPort), '-k', bind.keyFile],
      ...['showzone', zone.slice(0, -1)],
    ]);
    expect(shown).toContain(`key "${ZONE_KEY_NAME}"`);
    expect(bind.process.output).toMatch(
      new RegExp(`received notify for zone '${zone.slice(0, -1)}': TSIG '${ZONE_KEY_NAME}'`),
    );
    const pdnsZone = await fetch(`http://127.0.0.1:${pdns.apiPort}/api/v1/servers/localhost/zones/${zone}`, {
      headers: { 'X-API-Key': pdns.apiKey },
    }).then((res) => res.json());
    expect(pdnsZone.slave_tsig_key_ids).toEqual([`${ZONE_KEY_NAME}.`]);
  });

  it('never writes the secret to a log', () => {
    for (const app of apps)
      for (const secret of [SECRET, ZONE_SECRET]) expect(app.output).not.toContain(secret);
  });
});
