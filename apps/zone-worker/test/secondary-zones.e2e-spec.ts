import { execFileSync } from 'node:child_process';
import { Pool } from 'pg';
import { DnsServer, NOTIFY_OPCODE_FLAGS, exchange, querySoa, sendNotify } from '@zonewarden/dns';
import {
  ALL_IN_ONE_POOL_SIZE,
  AllInOne,
  BindPrimary,
  TestDatabase,
  as,
  createTestDatabase,
  startAllInOne,
  startBindPrimary,
  teardown,
  waitFor,
} from '@zonewarden/testing';

const OWNER = as('project-secondary');
const ADMIN = as('project-secondary', 'admin');
const SERIAL = 2025010101;
const KEY = {
  name: 'xfr-key',
  algorithm: 'hmac-sha256',
  secret: Buffer.from('a shared secret of 32 bytes ....').toString('base64'),
};

/** A primary zone for BIND; `refresh` is its SOA refresh timer (seconds). */
const zonefile = (origin: string, refresh = 3600) => `$ORIGIN ${origin}
$TTL 300
@ IN SOA ns1.primary.test. admin.primary.test. ${SERIAL} ${refresh} 1 86400 300
@ IN NS ns1.primary.test.
www IN A 192.0.2.1
txt IN TXT "hello world"
mail IN MX 10 mx.primary.test.
`;

/** 3000 TXT records (~200 KB): an AXFR of several messages. */
const MANY_RECORDS =
  Array.from({ length: 3000 }, (_, i) => `bulk${i} IN TXT "${'x'.repeat(40)}"`).join('\n') + '\n';

/**
 * SECONDARY zones end to end: a real BIND 9 primary, the service (every app in one process) transferring
 * from it by AXFR, mini-dns serving what was transferred, refreshes on NOTIFY, on tasks/xfr and on the
 * SOA refresh timer, and record sets that are the primary's to change.
 */
describe('secondary zones (BIND primary → zone-worker AXFR → mini-dns)', () => {
  let db: TestDatabase;
  let service: AllInOne;
  let bind: BindPrimary;
  let signingBind: BindPrimary;
  let storage: Pool;
  let miniDns: DnsServer;
  let master: string;

  const api = async (method: string, path: string, body?: unknown, headers = OWNER) => {
    const res = await fetch(`${service.api}${path}`, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const createSecondary = async (name: string, masters = [master]) => {
    const created = await api('POST', '/v2/zones', { name, type: 'SECONDARY', masters });
    expect(created.status).toBe(201);
    return created.body as { id: string };
  };
  const servedSerial = async (zone: string) => {
    const soa = await querySoa(miniDns, zone, 1000);
    return soa.present ? soa.serial : undefined;
  };
  const primarySerial = async (zone: string) => {
    const soa = await querySoa({ host: '127.0.0.1', port: bind.port }, zone, 1000);
    if (!soa.present) throw new Error(`BIND does not serve ${zone}`);
    return soa.serial;
  };
  const addresses = async (name: string) => {
    const reply = await exchange(
      miniDns,
      { type: 'query', flags: 0, questions: [{ type: 'A', name }] },
      1000,
    );
    return (reply.answers ?? []).map((answer) => answer.data);
  };
  /** A dynamic update on the primary (BIND bumps the zone's serial). */
  const addOnPrimary = (zone: string, owner: string, address: string) =>
    execFileSync('nsupdate', [], {
      input: `server 127.0.0.1 ${bind.port}\nzone ${zone}\nupdate add ${owner} 300 A ${address}\nsend\n`,
    });
  const zoneRow = async (id: string) =>
    (
      await storage.query<{ status: string; error_reason: string | null }>(
        'SELECT status::text, error_reason FROM zones WHERE id = $1',
        [id],
      )
    ).rows[0];

  beforeAll(async () => {
    bind = await startBindPrimary(
      { 'secondary.test.': zonefile('secondary.test.'), 'timer.test.': zonefile('timer.test.', 1) },
      { zoneOptions: 'allow-update { 127.0.0.1; };' },
    );
    master = `127.0.0.1:${bind.port}`;
    // Transfers only with the key (TSIG), whatever the options say.
    signingBind = await startBindPrimary(
      // Large enough for several AXFR messages: each later one is verified on the previous MAC.
      { 'signed.test.': zonefile('signed.test.') + MANY_RECORDS },
      {
        statements: `key "${KEY.name}" { algorithm ${KEY.algorithm}; secret "${KEY.secret}"; };`,
        zoneOptions: `allow-transfer { key "${KEY.name}"; };`,
      },
    );
    db = await createTestDatabase();
    storage = new Pool({ connectionString: db.url, max: 1 });
    service = await startAllInOne(db.url, {
      DATABASE_POOL_SIZE: ALL_IN_ONE_POOL_SIZE,
      SECONDARY_REFRESH_INTERVAL_MS: '300',
    });
    miniDns = { host: '127.0.0.1', port: service.dnsPort };
  }, 90_000);

  afterAll(() =>
    teardown(
      () => storage?.end(),
      () => service?.process.stop(),
      () => bind?.stop(),
      () => signingBind?.stop(),
      () => db?.drop(),
    ),
  );

  let zoneId: string;

  it('creates a SECONDARY zone, transfers it from the primary and serves it', async () => {
    const zone = await createSecondary('secondary.test.');
    expect(zone).toMatchObject({
      type: 'SECONDARY',
      masters: [master],
      serial: 1,
      status: 'PENDING',
      action: 'CREATE',
      email: 'hostmaster@example.com',
      transferred_at: null,
    });
    zoneId = zone.id;
    await waitFor(
      'mini-dns to serve the transferred zone',
      async () => (await servedSerial('secondary.test.')) === SERIAL,
    );
    expect(await addresses('www.secondary.test')).toEqual(['192.0.2.1']);
    await waitFor(
      'the zone to be ACTIVE',
      async () => (await api('GET', `/v2/zones/${zoneId}`)).body.status === 'ACTIVE',
    );
    const shown = (await api('GET', `/v2/zones/${zoneId}`)).body;
    expect(shown).toMatchObject({ serial: SERIAL, action: 'NONE', transferred_at: expect.any(String) });
    const sets = (await api('GET', `/v2/zones/${zoneId}/recordsets?limit=100`)).body.recordsets as {
      name: string;
      type: string;
      records: string[];
    }[];
    const byKey = Object.fromEntries(sets.map((set) => [`${set.name} ${set.type}`, set.records]));
    expect(byKey).toMatchObject({
      'secondary.test. SOA': [`ns1.primary.test. admin.primary.test. ${SERIAL} 3600 1 86400 300`],
      'secondary.test. NS': ['ns1.primary.test.'],
      'www.secondary.test. A': ['192.0.2.1'],
      'txt.secondary.test. TXT': ['"hello world"'],
      'mail.secondary.test. MX': ['10 mx.primary.test.'],
    });
  }, 60_000);

  it('refuses record set changes on a SECONDARY zone: they are the primary’s', async () => {
    const create = await api('POST', `/v2/zones/${zoneId}/recordsets`, {
      name: 'x.secondary.test.',
      type: 'A',
      records: ['192.0.2.9'],
    });
    expect(create).toMatchObject({ status: 403, body: { type: 'forbidden' } });
    const sets = (await api('GET', `/v2/zones/${zoneId}/recordsets?type=A&name=www.secondary.test.`)).body
      .recordsets as { id: string }[];
    const www = sets[0].id;
    expect(
      await api('PUT', `/v2/zones/${zoneId}/recordsets/${www}`, { records: ['192.0.2.8'] }),
    ).toMatchObject({
      status: 403,
    });
    expect(await api('DELETE', `/v2/zones/${zoneId}/recordsets/${www}`)).toMatchObject({ status: 403 });
  });

  it('refreshes on a NOTIFY received by mini-dns', async () => {
    addOnPrimary('secondary.test.', 'notified.secondary.test.', '192.0.2.2');
    const serial = await primarySerial('secondary.test.');
    expect(serial).toBeGreaterThan(SERIAL);
    await sendNotify(miniDns, 'secondary.test.');
    await waitFor(
      'mini-dns to serve the new serial',
      async () => (await servedSerial('secondary.test.')) === serial,
    );
    expect(await addresses('notified.secondary.test')).toEqual(['192.0.2.2']);
  }, 30_000);

  it('transfers on tasks/xfr (202), for SECONDARY zones only', async () => {
    addOnPrimary('secondary.test.', 'forced.secondary.test.', '192.0.2.3');
    const serial = await primarySerial('secondary.test.');
    expect(await api('POST', `/v2/zones/${zoneId}/tasks/xfr`)).toEqual({ status: 202, body: undefined });
    await waitFor(
      'mini-dns to serve the new serial',
      async () => (await servedSerial('secondary.test.')) === serial,
    );
    const primary = await api('POST', '/v2/zones', { name: 'primary.example.', email: 'a@primary.example' });
    expect(await api('POST', `/v2/zones/${primary.body.id}/tasks/xfr`)).toMatchObject({
      status: 400,
      body: { type: 'bad_request', message: "Can't XFR a non Secondary zone." },
    });
  }, 30_000);

  it("keeps each refresh in the zone's history: the record sets that differ between the two serials, the SOA aside", async () => {
    interface Change {
      source: string;
      previous_serial: number | null;
      serial: number;
      comment: string | null;
      actor: Record<string, unknown>;
      rrsets: { name: string; type: string; before: unknown; after: unknown }[];
    }
    const changes = async () =>
      (await api('GET', `/v2/zones/${zoneId}/changes?limit=max`)).body.changes as Change[];
    const before = await changes();
    // One update on the primary (one serial): a record set replaced with another TTL, one removed, one added.
    execFileSync('nsupdate', [], {
      input: [
        `server 127.0.0.1 ${bind.port}`,
        'zone secondary.test.',
        'update delete www.secondary.test. A',
        'update add www.secondary.test. 600 A 192.0.2.50',
        'update add www.secondary.test. 600 A 192.0.2.40',
        'update delete txt.secondary.test. TXT',
        'update add new.secondary.test. 300 AAAA 2001:db8::5',
        'send',
        '',
      ].join('\n'),
    });
    const serial = await primarySerial('secondary.test.');
    expect(await api('POST', `/v2/zones/${zoneId}/tasks/xfr`)).toMatchObject({ status: 202 });
    await waitFor(
      'mini-dns to serve the new serial',
      async () => (await servedSerial('secondary.test.')) === serial,
    );
    const after = await changes();
    expect(after.length).toBe(before.length + 1);
    const refresh = after.at(-1)!;
    expect(refresh).toMatchObject({
      source: 'secondary',
      previous_serial: before.at(-1)!.serial,
      serial,
      comment: null,
      actor: { user_id: null, project_id: null, roles: [], request_id: null, key_name: null },
    });
    expect(refresh.rrsets).toEqual([
      {
        name: 'new.secondary.test.',
        type: 'AAAA',
        before: null,
        after: { ttl: 300, records: ['2001:db8::5'] },
      },
      {
        name: 'txt.secondary.test.',
        type: 'TXT',
        before: { ttl: 300, records: ['"hello world"'] },
        after: null,
      },
      {
        name: 'www.secondary.test.',
        type: 'A',
        before: { ttl: 300, records: ['192.0.2.1'] },
        after: { ttl: 600, records: ['192.0.2.40', '192.0.2.50'] },
      },
    ]);
    // The zone's whole history: its creation, the first transfer (all of the primary's content but its
    // SOA), then one entry per newer serial (the NOTIFY's, tasks/xfr's and this one), in one chain.
    expect(after.map((change) => change.source)).toEqual([
      'api',
      'secondary',
      'secondary',
      'secondary',
      'secondary',
    ]);
    const [creation, first, notified, forced] = after;
    expect([creation.previous_serial, first.previous_serial, first.serial]).toEqual([null, 1, SERIAL]);
    expect(first.rrsets.map((set) => `${set.name} ${set.type}`)).toEqual(
      expect.arrayContaining(['mail.secondary.test. MX', 'txt.secondary.test. TXT', 'www.secondary.test. A']),
    );
    expect(first.rrsets.some((set) => set.type === 'SOA')).toBe(false);
    expect(notified.rrsets).toEqual([
      {
        name: 'notified.secondary.test.',
        type: 'A',
        before: null,
        after: { ttl: 300, records: ['192.0.2.2'] },
      },
    ]);
    expect(forced.rrsets).toEqual([
      {
        name: 'forced.secondary.test.',
        type: 'A',
        before: null,
        after: { ttl: 300, records: ['192.0.2.3'] },
      },
    ]);
    for (let i = 1; i < after.length; i++) expect(after[i].previous_serial).toBe(after[i - 1].serial);
  }, 30_000);

  it('refreshes on the SOA refresh timer, without a NOTIFY', async () => {
    await createSecondary('timer.test.');
    await waitFor('the first transfer', async () => (await servedSerial('timer.test.')) === SERIAL);
    addOnPrimary('timer.test.', 'later.timer.test.', '192.0.2.4');
    const serial = await primarySerial('timer.test.');
    await waitFor('the refresh', async () => (await servedSerial('timer.test.')) === serial);
  }, 30_000);

  it('puts a zone whose masters do not answer in ERROR, with the reason', async () => {
    const { id } = await createSecondary('unreachable.test.', ['127.0.0.1:1']);
    await waitFor('the transfer to fail', async () => (await zoneRow(id)).status === 'ERROR');
    expect((await zoneRow(id)).error_reason).toMatch(
      /^transfer failed: 127\.0\.0\.1:1: AXFR from 127\.0\.0\.1:1: /,
    );
    expect(await servedSerial('unreachable.test.')).toBeUndefined();
  }, 30_000);

  it('transfers with TSIG: ERROR without the key and with a wrong one, served with the right one', async () => {
    const { id } = await createSecondary('signed.test.', [`127.0.0.1:${signingBind.port}`]);
    await waitFor('the unsigned transfer to be refused', async () => (await zoneRow(id)).status === 'ERROR');
    expect((await zoneRow(id)).error_reason).toMatch(/the server answered (REFUSED|NOTAUTH)/);
    const wrong = Buffer.from('not the shared secret at all ...').toString('base64');
    const key = await api(
      'POST',
      '/v2/tsigkeys',
      { ...KEY, secret: wrong, scope: 'ZONE', resource_id: id },
      ADMIN,
    );
    expect(key.status).toBe(201);
    await storage.query('UPDATE zones SET error_reason = NULL WHERE id = $1', [id]);
    expect((await api('POST', `/v2/zones/${id}/tasks/xfr`)).status).toBe(202);
    await waitFor(
      'the wrongly signed transfer to fail',
      async () => (await zoneRow(id)).error_reason !== null,
    );
    expect((await zoneRow(id)).error_reason).toMatch(/the server answered NOTAUTH \(TSIG BADSIG\)/);
    expect(await servedSerial('signed.test.')).toBeUndefined();
    expect((await api('PATCH', `/v2/tsigkeys/${key.body.id}`, { secret: KEY.secret }, ADMIN)).status).toBe(
      200,
    );
    expect((await api('POST', `/v2/zones/${id}/tasks/xfr`)).status).toBe(202);
    await waitFor('the signed transfer', async () => (await servedSerial('signed.test.')) === SERIAL);
    const bulk = await api('GET', `/v2/zones/${id}/recordsets?type=TXT&limit=1`);
    expect(bulk.body.metadata.total_count).toBe(3001);
    expect((await zoneRow(id)).error_reason).toBeNull();

    // Without the zone's key the transfer is refused again; a key of its pool then signs it.
    expect((await api('DELETE', `/v2/tsigkeys/${key.body.id}`, undefined, ADMIN)).status).toBe(204);
    expect((await api('POST', `/v2/zones/${id}/tasks/xfr`)).status).toBe(202);
    await waitFor('the unsigned transfer to fail', async () => (await zoneRow(id)).error_reason !== null);
    const poolId = (await api('GET', `/v2/zones/${id}`)).body.pool_id;
    const poolKey = { ...KEY, scope: 'POOL', resource_id: poolId };
    expect((await api('POST', '/v2/tsigkeys', poolKey, ADMIN)).status).toBe(201);
    expect((await api('POST', `/v2/zones/${id}/tasks/xfr`)).status).toBe(202);
    await waitFor(
      'the transfer signed with the pool’s key',
      async () => (await zoneRow(id)).error_reason === null,
    );
  }, 30_000);

  it('refuses (REFUSED) a NOTIFY that does not come from one of the zone’s masters', async () => {
    await createSecondary('elsewhere.test.', ['127.0.0.2:1']);
    const notify = {
      type: 'query' as const,
      flags: NOTIFY_OPCODE_FLAGS,
      questions: [{ type: 'SOA' as const, name: 'elsewhere.test' }],
    };
    expect((await exchange(miniDns, notify, 1000)).rcode).toBe('REFUSED');
    expect(
      (await exchange(miniDns, { ...notify, questions: [{ type: 'SOA', name: 'secondary.test' }] }, 1000))
        .rcode,
    ).toBe('NOERROR');
  });

  it('deletes a SECONDARY zone, transferred or not: it leaves mini-dns and storage', async () => {
    const zones = (await api('GET', '/v2/zones?type=SECONDARY&limit=100')).body.zones as {
      id: string;
      name: string;
    }[];
    const timer = zones.find((zone) => zone.name === 'timer.test.')!;
    const unreachable = zones.find((zone) => zone.name === 'unreachable.test.')!;
    for (const zone of [timer, unreachable])
      expect((await api('DELETE', `/v2/zones/${zone.id}`)).status).toBe(202);
    await waitFor('mini-dns to drop the zone', async () => (await servedSerial('timer.test.')) === undefined);
    for (const zone of [timer, unreachable])
      await waitFor('the purge', async () => (await api('GET', `/v2/zones/${zone.id}`)).status === 404);
  }, 30_000);

  it.each([
    ['no masters', { name: 'a.test.', type: 'SECONDARY' }, "'masters' is a required property"],
    [
      'an email',
      { name: 'a.test.', type: 'SECONDARY', masters: ['192.0.2.1'], email: 'a@a.test' },
      "'email' can't be specified when type is SECONDARY",
    ],
    [
      'a ttl',
      { name: 'a.test.', type: 'SECONDARY', masters: ['192.0.2.1'], ttl: 60 },
      "'ttl' can't be specified when type is SECONDARY",
    ],
    [
      'a bad master',
      { name: 'a.test.', type: 'SECONDARY', masters: ['not a host'] },
      "'not a host' is not a valid host or host:port",
    ],
    [
      'a bad port',
      { name: 'a.test.', type: 'SECONDARY', masters: ['192.0.2.1:70000'] },
      "'192.0.2.1:70000' is not a valid host or host:port",
    ],
    ['a master that is not a string', { name: 'a.test.', type: 'SECONDARY', masters: [1] }, undefined],
    [
      'masters on a PRIMARY zone',
      { name: 'a.test.', email: 'a@a.test', masters: ['192.0.2.1'] },
      "'masters' has more items than allowed",
    ],
  ])('refuses a zone with %s (400 invalid_object)', async (_what, body, message) => {
    const refused = await api('POST', '/v2/zones', body);
    expect(refused).toMatchObject({ status: 400, body: { type: 'invalid_object' } });
    if (message) expect(JSON.stringify(refused.body)).toContain(JSON.stringify(message).slice(1, -1));
  });

  it('changes only the description of a SECONDARY zone', async () => {
    expect(await api('PATCH', `/v2/zones/${zoneId}`, { ttl: 60 })).toMatchObject({
      status: 400,
      body: { type: 'invalid_object' },
    });
    const patched = await api('PATCH', `/v2/zones/${zoneId}`, { description: 'from BIND' });
    expect(patched).toMatchObject({
      status: 200,
      body: { description: 'from BIND', serial: await primarySerial('secondary.test.') },
    });
  });
});
