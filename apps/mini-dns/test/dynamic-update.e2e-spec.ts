import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_POOL_ID } from '@zonewarden/config';
import { TsigKey, readMessage, readName, rcodeName, signRequest, tsigErrorOf } from '@zonewarden/dns';
import {
  BindServer,
  ManagedProcess,
  PowerDnsServer,
  TcpProxy,
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
import { exchangeRaw, soaProbe } from './support/fuzz-probe';
import { hostileUpdates, updateMessage } from './support/update-corpus';
import { UpdateClient, updateClients } from './support/update-clients';

const run = promisify(execFile);
const NOAUTH = { ...as('project-updates'), 'Content-Type': 'application/json' };
const ZONE = 'dyn.example.net.';
const at = (label: string) => `${label}.${ZONE}`;

interface Grant {
  key_name: string;
  algorithm: TsigKey['algorithm'];
  secret: string;
}
const keyOf = (grant: Grant): TsigKey => ({
  name: grant.key_name,
  algorithm: grant.algorithm,
  secret: grant.secret,
});

/**
 * RFC 2136 UPDATE against a real mini-dns (with api-gateway and pool-manager, BIND 9 and PowerDNS as the
 * pool's secondaries), driven by real clients — BIND's nsupdate and Knot's knsupdate, signed with an update
 * grant's TSIG key — and by crafted messages (BADTIME, MD5, a hostile corpus): every prerequisite and update
 * form, the SOA/NS/CNAME rules, a 100-record update, updates racing API writes, the TSIG refusals, a grant's
 * limits; the result in the API, the history, mini-dns's answers and the secondaries'.
 */
describe('dynamic updates (RFC 2136) through mini-dns', () => {
  let db: TestDatabase;
  /** mini-dns's way to PostgreSQL, to cut. */
  let storage: TcpProxy;
  let bind: BindServer;
  let pdns: PowerDnsServer;
  let apps: ManagedProcess[] = [];
  let env: Record<string, string>;
  let dnsPort: number;
  let zoneId: string;
  let all: TsigKey;
  let acme: TsigKey;
  let clients: UpdateClient[];

  let call: ReturnType<typeof apiCaller>;
  const zone = async () =>
    (await call('GET', `/v2/zones/${zoneId}`)).body as { serial: number; action: string };
  /** Every record set of the zone: `name type` → its records, sorted. */
  const recordsets = async () => {
    const { body } = await call('GET', `/v2/zones/${zoneId}/recordsets?limit=1000`);
    // A record set being deleted is listed (action DELETE) until propagated; it is gone from DNS already.
    const sets = (
      body.recordsets as { name: string; type: string; records: string[]; action: string }[]
    ).filter((set) => set.action !== 'DELETE');
    return new Map(sets.map((set) => [`${set.name} ${set.type}`, [...set.records].sort()]));
  };
  const recordsAt = async (name: string, type: string) => (await recordsets()).get(`${name} ${type}`);
  /** The data of the answer section at a server, sorted; the status when it is not NOERROR. */
  const dig = async (port: number, name: string, type: string) => {
    const { stdout } = await run('dig', [
      '@127.0.0.1',
      '-p',
      String(port),
      name,
      type,
      '+norec',
      '+time=2',
      '+tries=2',
    ]);
    const status = /status: (\w+)/.exec(stdout)?.[1] ?? 'no answer';
    if (status !== 'NOERROR') return [status];
    const answer = stdout.split(';; ANSWER SECTION:\n')[1]?.split('\n\n')[0] ?? '';
    return answer
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/\s+/).slice(4).join(' '))
      .sort();
  };
  const updateChanges = async () => {
    const { body } = await call('GET', `/v2/zones/${zoneId}/changes?source=update&limit=1000`);
    return body.changes as {
      serial: number;
      previous_serial: number;
      actor: { key_name: string };
      rrsets: { name: string; type: string }[];
    }[];
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    [bind, pdns] = await startTogether(startBind(), startPowerDns());
    const [apiPort, port] = [await freePort(), await freePort()];
    dnsPort = port;
    const poolsFile = writePoolsFile([
      {
        id: DEFAULT_POOL_ID,
        name: 'default',
        ns_records: [{ hostname: 'ns1.zonewarden.test.', priority: 1 }],
        ...everyTargetKind(dnsPort, bind, pdns),
        also_notifies: [],
      },
    ]);
    env = {
      ...appsEnv(db.url),
      POOLS_FILE: poolsFile,
      MINIDNS_HOST: '127.0.0.1',
      MINIDNS_PORT: String(dnsPort),
      MINIDNS_CATCH_UP_INTERVAL_MS: '200',
      PROPAGATION_MAX_BACKOFF_MS: '500',
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
      TSIG_KEY_ENCRYPTION_KEYS: 'k1=the dynamic update tests',
      // mini-dns signs what an update changes in a signed zone, as the API does.
      DNSSEC_KEY_ENCRYPTION_KEYS: 'k1=the dynamic update tests DNSSEC',
    };
    call = apiCaller(`http://127.0.0.1:${apiPort}`, NOAUTH);
    storage = await TcpProxy.forUrl(db.url);
    await storage.up();
    apps = [await startApp('api-gateway', env)];
    apps.push(
      ...(await startApps(['pool-manager'], env)),
      await startApp('mini-dns', { ...env, DATABASE_URL: storage.via(db.url) }),
    );
    const created = await call('POST', '/v2/zones', { name: ZONE, email: 'hostmaster@example.net' });
    expect(created.status).toBe(201);
    zoneId = created.body.id;
    const grant = async (body: unknown) => {
      const made = await call('POST', `/v2/zones/${zoneId}/update_grants`, body);
      expect(made.status).toBe(201);
      return keyOf(made.body as Grant);
    };
    all = await grant({ key_name: 'all-key', names: [{ match: 'zone' }] });
    acme = await grant({
      key_name: 'acme-key',
      algorithm: 'hmac-sha512',
      names: [{ match: 'name', name: at('_acme-challenge') }],
      types: ['TXT'],
    });
    clients = updateClients(dnsPort, ZONE);
    await waitFor('the zone to be propagated', async () => (await zone()).action === 'NONE', 30_000);
    await waitFor('mini-dns to serve the zone', async () => (await dig(dnsPort, ZONE, 'SOA')).length === 1);
  });

  afterAll(() =>
    teardown(
      () => Promise.all(apps.map((app) => app?.stop())),
      () => Promise.all([bind?.stop(), pdns?.stop()]),
      () => storage?.down(),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('checks each prerequisite form, true (applied) and false (its rcode, nothing applied), with nsupdate and knsupdate', async () => {
    for (const client of clients) {
      const n = at(`pre-${client.name}`);
      const absent = at(`absent-${client.name}`);
      const cases: [string, string[], string][] = [
        ['nxdomain, true', [`prereq nxdomain ${n}`, `update add ${n} 300 A 192.0.2.1`], 'NOERROR'],
        ['nxdomain, false', [`prereq nxdomain ${n}`, `update add ${at('f1')} 300 A 192.0.2.9`], 'YXDOMAIN'],
        ['yxdomain, true', [`prereq yxdomain ${n}`, `update add ${n} 300 TXT "yx"`], 'NOERROR'],
        [
          'yxdomain, false',
          [`prereq yxdomain ${absent}`, `update add ${at('f2')} 300 A 192.0.2.9`],
          'NXDOMAIN',
        ],
        ['yxrrset, true', [`prereq yxrrset ${n} A`, `update add ${n} 300 AAAA 2001:db8::1`], 'NOERROR'],
        ['yxrrset, false', [`prereq yxrrset ${n} MX`, `update add ${at('f3')} 300 A 192.0.2.9`], 'NXRRSET'],
        [
          'yxrrset by value, true',
          [`prereq yxrrset ${n} A 192.0.2.1`, `update add ${n} 300 A 192.0.2.2`],
          'NOERROR',
        ],
        [
          'yxrrset by value, false',
          [`prereq yxrrset ${n} A 192.0.2.1`, `update add ${at('f4')} 300 A 192.0.2.9`],
          'NXRRSET',
        ],
        ['nxrrset, true', [`prereq nxrrset ${n} MX`, `update add ${n} 300 MX 10 mail.${ZONE}`], 'NOERROR'],
        ['nxrrset, false', [`prereq nxrrset ${n} MX`, `update add ${at('f5')} 300 A 192.0.2.9`], 'YXRRSET'],
      ];
      for (const [what, lines, rcode] of cases)
        expect([client.name, what, (await client.send(lines, all)).rcode]).toEqual([
          client.name,
          what,
          rcode,
        ]);
      const sets = await recordsets();
      expect([n, 'A', sets.get(`${n} A`)]).toEqual([n, 'A', ['192.0.2.1', '192.0.2.2']]);
      expect(sets.get(`${n} TXT`)).toEqual(['"yx"']);
      expect(sets.get(`${n} AAAA`)).toEqual(['2001:db8::1']);
      expect(sets.get(`${n} MX`)).toEqual([`10 mail.${ZONE}`]);
      for (const label of ['f1', 'f2', 'f3', 'f4', 'f5']) expect(sets.has(`${at(label)} A`)).toBe(false);
    }
  });

  it('adds, deletes an RRset, deletes all at a name and deletes one RR (over TCP), as mini-dns then answers', async () => {
    for (const client of clients) {
      const u = at(`upd-${client.name}`);
      const kept = at(`kept-${client.name}`);
      const send = async (lines: string[]) =>
        expect((await client.send(lines, all, { tcp: true })).rcode).toBe('NOERROR');
      await send([
        `update add ${u} 300 A 192.0.2.10`,
        `update add ${u} 300 A 192.0.2.11`,
        `update add ${u} 300 TXT "t"`,
        `update add ${kept} 300 A 192.0.2.12`,
      ]);
      await waitFor(`${u} to be served`, async () => (await dig(dnsPort, u, 'A')).length === 2);
      expect(await dig(dnsPort, u, 'A')).toEqual(['192.0.2.10', '192.0.2.11']);
      // HTTPS too (its data decoded from the wire, as the API stores it).
      await send([`update add ${at(`svc-${client.name}`)} 300 HTTPS 1 . alpn=h2,h3 port=443`]);
      expect(await recordsAt(at(`svc-${client.name}`), 'HTTPS')).toEqual(['1 . alpn=h2,h3 port=443']);
      await send([`update delete ${u} A 192.0.2.10`]);
      expect(await recordsAt(u, 'A')).toEqual(['192.0.2.11']);
      await send([`update delete ${u} TXT`]);
      expect(await recordsAt(u, 'TXT')).toBeUndefined();
      expect(await recordsAt(u, 'A')).toEqual(['192.0.2.11']);
      await send([`update delete ${u}`]);
      expect(await recordsAt(u, 'A')).toBeUndefined();
      expect(await recordsAt(kept, 'A')).toEqual(['192.0.2.12']);
      await waitFor(
        `${u} to be gone from mini-dns`,
        async () => (await dig(dnsPort, u, 'A'))[0] === 'NXDOMAIN',
      );
      expect(await dig(dnsPort, kept, 'A')).toEqual(['192.0.2.12']);
    }
  });

  it('refuses changes of the SOA and the apex NS, keeps them on a delete of the apex, and keeps CNAME alone', async () => {
    const [nsupdate] = clients;
    const rcode = async (lines: string[]) => (await nsupdate.send(lines, all)).rcode;
    const before = await recordsets();
    expect(await rcode([`update add ${ZONE} 300 NS ns9.example.org.`])).toBe('REFUSED');
    expect(await rcode([`update delete ${ZONE} NS`])).toBe('REFUSED');
    expect(await rcode([`update delete ${ZONE} SOA`])).toBe('REFUSED');
    expect(await rcode([`update add ${ZONE} 300 SOA ns1.example.org. h.example.org. 1 2 3 4 5`])).toBe(
      'REFUSED',
    );
    expect(await rcode([`update add ${ZONE} 300 TXT "apex"`])).toBe('NOERROR');
    expect(await rcode([`update delete ${ZONE}`])).toBe('NOERROR');
    const after = await recordsets();
    expect(after.get(`${ZONE} TXT`)).toBeUndefined();
    expect(after.get(`${ZONE} NS`)).toEqual(before.get(`${ZONE} NS`));
    expect(after.has(`${ZONE} SOA`)).toBe(true);
    // A CNAME beside other data is ignored, and other data beside a CNAME; a CNAME replaces a CNAME.
    expect(await rcode([`update add ${at('host')} 300 A 192.0.2.20`])).toBe('NOERROR');
    expect(await rcode([`update add ${at('host')} 300 CNAME target.example.org.`])).toBe('NOERROR');
    expect(await recordsAt(at('host'), 'CNAME')).toBeUndefined();
    expect(await rcode([`update add ${at('alias')} 300 CNAME one.example.org.`])).toBe('NOERROR');
    expect(await rcode([`update add ${at('alias')} 300 A 192.0.2.21`])).toBe('NOERROR');
    expect(await recordsAt(at('alias'), 'A')).toBeUndefined();
    expect(await rcode([`update add ${at('alias')} 300 CNAME two.example.org.`])).toBe('NOERROR');
    expect(await recordsAt(at('alias'), 'CNAME')).toEqual(['two.example.org.']);
    await waitFor(
      'the CNAME to be served',
      async () => (await dig(dnsPort, at('alias'), 'CNAME'))[0] === 'two.example.org.',
    );
  });

  it('applies a 100-record update as one change: one serial bump, one history entry naming the key', async () => {
    for (const client of clients) {
      const { serial } = await zone();
      const lines = Array.from(
        { length: 100 },
        (_, i) => `update add ${at(`bulk${i}-${client.name}`)} 300 TXT "v${i}"`,
      );
      expect((await client.send(lines, all)).rcode).toBe('NOERROR');
      const sets = await recordsets();
      for (let i = 0; i < 100; i++)
        expect(sets.get(`${at(`bulk${i}-${client.name}`)} TXT`)).toEqual([`"v${i}"`]);
      const entry = (await updateChanges()).find((change) => change.previous_serial === serial)!;
      expect(entry).toMatchObject({ actor: { key_name: 'all-key.' } });
      expect(entry.rrsets).toHaveLength(100);
      expect((await zone()).serial).toBe(entry.serial);
    }
  });

  it('loses no write when updates race API writes on the same zone', async () => {
    const updates = clients.flatMap((client) =>
      Array.from({ length: 8 }, (_, i) =>
        client.send([`update add ${at(`race-${client.name}-${i}`)} 300 A 192.0.2.${i + 1}`], all),
      ),
    );
    const writes = Array.from({ length: 16 }, (_, i) =>
      call('POST', `/v2/zones/${zoneId}/recordsets`, {
        name: at(`race-api-${i}`),
        type: 'A',
        records: [`198.51.100.${i + 1}`],
      }),
    );
    const [updated, written] = await Promise.all([Promise.all(updates), Promise.all(writes)]);
    expect(updated.map((outcome) => outcome.rcode)).toEqual(updated.map(() => 'NOERROR'));
    for (const res of written) expect([201, 202]).toContain(res.status);
    const sets = await recordsets();
    for (const client of clients)
      for (let i = 0; i < 8; i++)
        expect(sets.get(`${at(`race-${client.name}-${i}`)} A`)).toEqual([`192.0.2.${i + 1}`]);
    for (let i = 0; i < 16; i++)
      expect(sets.get(`${at(`race-api-${i}`)} A`)).toEqual([`198.51.100.${i + 1}`]);
    // Each change its own serial.
    const { body } = await call('GET', `/v2/zones/${zoneId}/changes?limit=1000`);
    const serials = (body.changes as { serial: number }[]).map((change) => change.serial);
    expect(new Set(serials).size).toBe(serials.length);
  });

  it('answers unsigned REFUSED, an unknown key NOTAUTH (BADKEY), a wrong secret NOTAUTH (BADSIG); nothing applied', async () => {
    const victim = at('tsig-victim');
    const add = [`update add ${victim} 300 A 192.0.2.66`];
    for (const client of clients) {
      expect([client.name, (await client.send(add)).rcode]).toEqual([client.name, 'REFUSED']);
      const unknown = await client.send(add, { ...all, name: 'stranger.' });
      expect([client.name, unknown.rcode, unknown.tsigError]).toEqual([client.name, 'NOTAUTH', 'BADKEY']);
      const forged = await client.send(add, {
        ...all,
        secret: Buffer.from('a guess at the key').toString('base64'),
      });
      expect([client.name, forged.rcode, forged.tsigError]).toEqual([client.name, 'NOTAUTH', 'BADSIG']);
    }
    expect(await recordsAt(victim, 'A')).toBeUndefined();
  });

  it('answers an old signature NOTAUTH (BADTIME, signed, with our time) and MD5 or another algorithm NOTAUTH (BADKEY)', async () => {
    const victim = at('tsig-victim');
    const ask = async (bytes: Buffer) => {
      const reply = (await exchangeRaw(dnsPort, 'udp', bytes, 3000))!;
      const message = readMessage(reply);
      const tsig = message.additionals.at(-1)!;
      const afterAlgorithm = readName(reply, tsig.rdataOffset).next;
      const macLength = reply.readUInt16BE(afterAlgorithm + 8);
      // Time signed (6), fudge (2), MAC size (2), MAC, original id (2), error (2), other size (2).
      const otherLength = reply.readUInt16BE(afterAlgorithm + 10 + macLength + 4);
      return {
        rcode: rcodeName(message.flags & 0x0f),
        tsigError: tsigErrorOf(reply, message),
        macLength,
        otherLength,
      };
    };
    const plain = updateMessage(ZONE, victim);
    const old = await ask(signRequest(plain, all, Date.now() - 3_600_000).signed);
    expect(old).toEqual({ rcode: 'NOTAUTH', tsigError: 'BADTIME', macLength: 32, otherLength: 6 });
    const md5 = await ask(signRequest(plain, { ...all, algorithm: 'hmac-md5' }).signed);
    expect(md5).toMatchObject({ rcode: 'NOTAUTH', tsigError: 'BADKEY', macLength: 0 });
    const sha512 = await ask(signRequest(plain, { ...all, algorithm: 'hmac-sha512' }).signed);
    expect(sha512).toMatchObject({ rcode: 'NOTAUTH', tsigError: 'BADKEY' });
    expect(await recordsAt(victim, 'A')).toBeUndefined();
    // The same message signed now is applied.
    const now = await ask(signRequest(plain, all).signed);
    expect(now).toMatchObject({ rcode: 'NOERROR', tsigError: undefined, macLength: 32 });
    expect(await recordsAt(victim, 'A')).toEqual(['192.0.2.66']);
  });

  it("refuses what is outside a key's grant, applying nothing of the message", async () => {
    for (const client of clients) {
      const challenge = at('_acme-challenge');
      expect((await client.send([`update add ${challenge} 60 TXT "ok-${client.name}"`], acme)).rcode).toBe(
        'NOERROR',
      );
      const mixed = [
        `update add ${challenge} 60 TXT "sneaky"`,
        `update add ${at('www-acme')} 60 A 192.0.2.30`,
      ];
      expect((await client.send(mixed, acme)).rcode).toBe('REFUSED');
      const caa = `update add ${challenge} 60 CAA 0 issue "letsencrypt.org"`;
      expect((await client.send([caa], acme)).rcode).toBe('REFUSED');
      expect((await client.send([`update delete ${at('host')} A`], acme)).rcode).toBe('REFUSED');
    }
    const sets = await recordsets();
    expect(sets.get(`${at('_acme-challenge')} TXT`)).toEqual(['"ok-knsupdate"', '"ok-nsupdate"']);
    expect(sets.has(`${at('www-acme')} A`)).toBe(false);
    expect(sets.has(`${at('_acme-challenge')} CAA`)).toBe(false);
    expect(sets.get(`${at('host')} A`)).toEqual(['192.0.2.20']);
  });

  it('shows the updates in the history (source update, the key as actor) and on every target: mini-dns, BIND, PowerDNS', async () => {
    const changes = await updateChanges();
    expect(changes.length).toBeGreaterThan(20);
    expect(new Set(changes.map((change) => change.actor.key_name))).toEqual(
      new Set(['all-key.', 'acme-key.']),
    );
    const challenge = changes.find((change) => change.actor.key_name === 'acme-key.')!;
    expect(challenge.rrsets).toEqual([expect.objectContaining({ name: at('_acme-challenge'), type: 'TXT' })]);
    await waitFor('the updates to be propagated', async () => (await zone()).action === 'NONE', 30_000);
    const expected = ['"ok-knsupdate"', '"ok-nsupdate"'];
    for (const [server, port] of [
      ['mini-dns', dnsPort],
      ['BIND', bind.port],
      ['PowerDNS', pdns.port],
    ] as const)
      await waitFor(
        `${server} to serve the challenge TXT`,
        async () =>
          JSON.stringify(await dig(port, at('_acme-challenge'), 'TXT')) === JSON.stringify(expected),
      );
    expect(await dig(bind.port, at('alias'), 'CNAME')).toEqual(['two.example.org.']);
  });

  it('signs what an update changes in a signed zone: delv validates the new TXT from mini-dns and BIND', async () => {
    const signed = 'signed.example.net.';
    const created = await call('POST', '/v2/zones', { name: signed, email: 'hostmaster@example.net' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await call('PUT', `/v2/zones/${id}/dnssec`, { enabled: true })).status).toBe(200);
    const made = await call('POST', `/v2/zones/${id}/update_grants`, {
      key_name: 'signer-key',
      names: [{ match: 'zone' }],
    });
    const [nsupdate] = updateClients(dnsPort, signed);
    const name = `_acme-challenge.${signed}`;
    await waitFor(
      'mini-dns to serve the signed zone',
      async () => (await dig(dnsPort, signed, 'DNSKEY')).length === 2,
    );
    expect((await nsupdate.send([`update add ${name} 60 TXT "signed-token"`], keyOf(made.body))).rcode).toBe(
      'NOERROR',
    );
    // The zone's KSK as the only trust anchor.
    const ksk = (await dig(dnsPort, signed, 'DNSKEY')).find((key) => key.startsWith('257 '))!;
    const [flags, protocol, algorithm, ...publicKey] = ksk.split(' ');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-anchor-'));
    try {
      const anchors = path.join(dir, 'anchor.conf');
      const key = `${flags} ${protocol} ${algorithm} "${publicKey.join('')}"`;
      fs.writeFileSync(anchors, `trust-anchors { "${signed}" static-key ${key}; };\n`);
      const delv = async (port: number) => {
        const args = ['@127.0.0.1', '-p', String(port), '-a', anchors, `+root=${signed}`, name, 'TXT'];
        const done = await run('delv', args).catch((error: { stdout?: string; stderr?: string }) => error);
        return `${done.stdout ?? ''}${done.stderr ?? ''}`;
      };
      const validated = /; fully validated\n.*TXT\s+"signed-token"/;
      await waitFor('delv to validate the TXT from mini-dns', async () =>
        validated.test(await delv(dnsPort)),
      );
      await waitFor(
        'the update to be propagated',
        async () => (await call('GET', `/v2/zones/${id}`)).body.action === 'NONE',
        30_000,
      );
      await waitFor('delv to validate the TXT from BIND', async () => validated.test(await delv(bind.port)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('survives a hostile corpus over UDP and TCP: never a crash, never a change, always answering', async () => {
    const victim = at('hostile');
    const { serial } = await zone();
    const before = await recordsets();
    const corpus = hostileUpdates(ZONE, victim, all, 1500);
    const unanswered: string[] = [];
    const rcodes = new Map<string, string>();
    const probes = [];
    for (const transport of ['udp', 'tcp'] as const) {
      for (const [i, packet] of corpus.entries()) {
        if (transport === 'tcp' && packet.name.startsWith('mutation') && i % 5 !== 0) continue;
        // A message no server answers is given a moment only.
        const reply = await exchangeRaw(dnsPort, transport, packet.bytes, packet.answered ? 2000 : 100);
        if (!packet.answered) continue;
        if (!reply) {
          unanswered.push(`${transport} ${packet.name}`);
          continue;
        }
        if (!packet.name.startsWith('mutation')) {
          const message = readMessage(reply);
          const tsigError = tsigErrorOf(reply, message);
          rcodes.set(packet.name, `${rcodeName(message.flags & 0x0f)}${tsigError ? ` ${tsigError}` : ''}`);
        }
      }
      probes.push(await soaProbe(dnsPort, transport, ZONE, 2000));
    }
    const { body } = await call('GET', `/v2/zones/${zoneId}/changes?limit=1000`);
    expect((body.changes as { serial: number }[]).filter((change) => change.serial > serial)).toEqual([]);
    expect(unanswered).toEqual([]);
    expect(probes).toEqual([{ serial }, { serial }]);
    expect(apps[2].running).toBe(true);
    // Nothing applied: the serial, every record set as it was.
    expect((await zone()).serial).toBe(serial);
    expect(await recordsets()).toEqual(before);
    // The refusals as RFC 2136 and RFC 8945 say.
    expect(Object.fromEntries(rcodes)).toMatchObject({
      'no zone': 'FORMERR',
      'two zones': 'FORMERR',
      'zone type A': 'FORMERR',
      'zone class ANY': 'FORMERR',
      'zone class CH': 'REFUSED',
      'count 8 = 65535': 'FORMERR',
      'owner pointing at itself': 'FORMERR',
      'rdata name pointing forward (signed)': 'FORMERR',
      'an add inside the zone, then one outside': 'NOTZONE',
      'an add of an SOA beside a valid add': 'REFUSED',
      'TSIG cut short': 'FORMERR',
      'TSIG MAC length 10': 'FORMERR',
      'rdata name pointing at itself (signed)': 'FORMERR',
      'A of 5 octets': 'FORMERR',
      'TSIG not last': 'FORMERR',
      'two TSIGs': 'FORMERR',
      'TSIG in the update section': 'FORMERR',
      'TSIG of another algorithm name': 'NOTAUTH BADKEY',
      'TSIG signed with MD5': 'NOTAUTH BADKEY',
      'TSIG signed an hour ago': 'NOTAUTH BADTIME',
      'TSIG signed an hour ahead': 'NOTAUTH BADTIME',
      'TSIG of an unknown key': 'NOTAUTH BADKEY',
      'TSIG with the wrong secret': 'NOTAUTH BADSIG',
      unsigned: 'REFUSED',
      '2,500 deletes of absent record sets': 'NOERROR',
    });
  });

  it('answers SERVFAIL while storage is unreachable, nothing applied, and applies the update once it is back', async () => {
    const [nsupdate] = clients;
    const add = [`update add ${at('outage')} 300 A 192.0.2.77`];
    await storage.down();
    try {
      expect((await nsupdate.send(add, all)).rcode).toBe('SERVFAIL');
    } finally {
      await storage.up();
    }
    expect(await recordsAt(at('outage'), 'A')).toBeUndefined();
    await waitFor(
      'the update to be applied',
      async () => (await nsupdate.send(add, all)).rcode === 'NOERROR',
    );
    expect(await recordsAt(at('outage'), 'A')).toEqual(['192.0.2.77']);
  });
});
