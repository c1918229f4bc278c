import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import {
  ZoneKey,
  ZoneSigner,
  dnskeyOf,
  dnskeyText,
  dsRecords,
  generateZoneKey,
  keyTag,
} from '@zonewarden/dns';
import {
  BindServer,
  ManagedProcess,
  PowerDnsServer,
  TEST_AMQP_URL,
  TestDatabase,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  startBind,
  startPowerDns,
  uniqueNamespace,
  waitFor,
  APP_POOL_SIZE,
  teardown,
} from '@zonewarden/testing';

const run = promisify(execFile);
const ZONE = 'signed.test.';

const keys = [generateZoneKey('KSK'), generateZoneKey('ZSK')];
/** A child zone served here too, signed: the chain of trust goes through its DS in the parent. */
const CHILD = `child.${ZONE}`;
const childKeys = [generateZoneKey('KSK'), generateZoneKey('ZSK')];
/** A child zone served here too, not signed: the parent proves it has no DS. */
const PLAIN = `plain.${ZONE}`;

/** name type data… (TTL 300) of each zone: what signing and serving must get right. */
const ZONES: Record<string, { lines: string[]; keys?: ZoneKey[] }> = {
  [ZONE]: {
    keys,
    lines: [
      `${ZONE} SOA ns1.${ZONE} hostmaster.${ZONE} 7 3600 600 86400 60`,
      `${ZONE} NS ns1.${ZONE}`,
      `${ZONE} MX 10 mail.${ZONE}`,
      `${ZONE} TXT "v=spf1 mx -all"`,
      `ns1.${ZONE} A 192.0.2.53`,
      `www.${ZONE} A 192.0.2.80`,
      `www.${ZONE} A 192.0.2.81`,
      `www.${ZONE} AAAA 2001:db8::80`,
      `mail.${ZONE} A 192.0.2.25`,
      // Fits 512 octets alone, not with its signature.
      `big.${ZONE} TXT "${'b'.repeat(250)}" "${'g'.repeat(130)}"`,
      `alias.${ZONE} CNAME www.${ZONE}`,
      `*.wild.${ZONE} A 192.0.2.99`,
      `*.wild.${ZONE} TXT "wildcard"`,
      `*.wcname.${ZONE} CNAME www.${ZONE}`,
      `host.deep.ent.${ZONE} A 192.0.2.7`,
      `dn.${ZONE} DNAME wild.${ZONE}`,
      // Delegations to servers elsewhere (referrals), one with a DS, one without.
      `secure.${ZONE} NS ns1.secure.${ZONE}`,
      `secure.${ZONE} DS ${dsRecords(`secure.${ZONE}`, [generateZoneKey('KSK')])[0]}`,
      `ns1.secure.${ZONE} A 192.0.2.153`,
      `insecure.${ZONE} NS ns.insecure.${ZONE}`,
      `ns.insecure.${ZONE} A 192.0.2.154`,
      // Delegations to zones served here too.
      `${CHILD} NS ns1.${ZONE}`,
      `${CHILD} DS ${dsRecords(CHILD, childKeys)[0]}`,
      `${PLAIN} NS ns1.${ZONE}`,
    ],
  },
  [CHILD]: {
    keys: childKeys,
    lines: [
      `${CHILD} SOA ns1.${ZONE} hostmaster.${ZONE} 3 3600 600 86400 60`,
      `${CHILD} NS ns1.${ZONE}`,
      `www.${CHILD} A 192.0.2.180`,
    ],
  },
  [PLAIN]: {
    lines: [
      `${PLAIN} SOA ns1.${ZONE} hostmaster.${ZONE} 5 3600 600 86400 60`,
      `${PLAIN} NS ns1.${ZONE}`,
      `www.${PLAIN} A 192.0.2.190`,
    ],
  },
};

interface StoredSet {
  name: string;
  type: string;
  ttl: number;
  records: string[];
}

function recordSets(lines: string[]): StoredSet[] {
  const sets = new Map<string, StoredSet>();
  for (const line of lines) {
    const [name, type, ...data] = line.split(' ');
    const set = sets.get(`${name} ${type}`) ?? { name, type, ttl: 300, records: [] };
    set.records.push(data.join(' '));
    sets.set(`${name} ${type}`, set);
  }
  return [...sets.values()];
}

/** The zones, their record sets and (signed ones) their signer's records, written straight into storage. */
async function storeZones(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const pool = randomUUID();
    await client.query(`INSERT INTO pools (id, name) VALUES ($1, $2)`, [pool, `dnssec-${pool}`]);
    for (const [name, { lines, keys }] of Object.entries(ZONES)) {
      const sets = recordSets(lines);
      const zone = randomUUID();
      await client.query(
        `INSERT INTO zones (id, project_id, pool_id, name, email, ttl, serial, action)
         VALUES ($1, 'dnssec', $2, $3, 'hostmaster@signed.test', 300, 1, 'NONE')`,
        [zone, pool, name],
      );
      for (const set of sets) {
        const id = randomUUID();
        await client.query(
          `INSERT INTO recordsets (id, zone_id, project_id, name, type, ttl, action)
           VALUES ($1, $2, 'dnssec', $3, $4, $5, 'NONE')`,
          [id, zone, set.name, set.type, set.ttl],
        );
        for (const data of set.records)
          await client.query(`INSERT INTO records (id, recordset_id, data) VALUES ($1, $2, $3)`, [
            randomUUID(),
            id,
            data,
          ]);
      }
      const signed = keys ? new ZoneSigner({ zone: name, keys }).signZone(sets) : [];
      for (const r of signed)
        await client.query(
          `INSERT INTO zone_dnssec_records (zone_id, name, type, covers, ttl, data) VALUES ($1, $2, $3, $4, $5, $6)`,
          [zone, r.name, r.type, r.type === 'RRSIG' ? r.data.split(' ')[0] : null, r.ttl, r.data],
        );
    }
  } finally {
    await client.end();
  }
}

interface Dig {
  status: string;
  flags: string[];
  /** Records by section, `name ttl class type rdata` with single spaces. */
  answer: string[];
  authority: string[];
  additional: string[];
}

/**
 * `dig` at a server on loopback, parsed: header status and flags, and the records of each section. Asked
 * again (3 tries in all) when no reply came (no `qr`: dig timed out, as it may under a full parallel run).
 */
async function dig(port: number, ...args: string[]): Promise<Dig> {
  let result = await digOnce(port, args);
  for (let retry = 0; retry < 2 && !result.flags.includes('qr'); retry++) result = await digOnce(port, args);
  return result;
}

async function digOnce(port: number, args: string[]): Promise<Dig> {
  const { stdout } = await run('dig', [
    '@127.0.0.1',
    '-p',
    String(port),
    '+nocookie',
    '+norec',
    '+time=2',
    '+tries=1',
    ...args,
  ]);
  const result: Dig = { status: '', flags: [], answer: [], authority: [], additional: [] };
  let section: 'answer' | 'authority' | 'additional' | undefined;
  for (const line of stdout.split('\n')) {
    const header = /status: (\w+)/.exec(line);
    if (header) result.status = header[1];
    const flags = /;; flags: ([\w ]*);/.exec(line);
    if (flags) result.flags = flags[1].trim().split(' ');
    const heading = /^;; (ANSWER|AUTHORITY|ADDITIONAL) SECTION:/.exec(line);
    if (heading) section = heading[1].toLowerCase() as typeof section;
    else if (!line.trim() || line.startsWith(';')) {
      if (!line.trim()) section = undefined;
    } else if (section) result[section].push(line.split(/\s+/).join(' '));
  }
  return result;
}

const types = (records: string[]) =>
  records.map((r) =>
    r
      .split(' ')
      .slice(0, 4)
      .filter((_, i) => i !== 1 && i !== 2)
      .join(' '),
  );

describe('mini-dns serving a signed zone (RFC 4035)', () => {
  let db: TestDatabase;
  let miniDns: ManagedProcess;
  let bind: BindServer | undefined;
  let pdns: PowerDnsServer | undefined;
  let namespace: string;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-dnssec-'));
    db = await createTestDatabase();
    await storeZones(db.url);
    port = await freePort();
    namespace = uniqueNamespace();
    miniDns = await startApp('mini-dns', {
      DATABASE_URL: db.url,
      AMQP_URL: TEST_AMQP_URL,
      AMQP_NAMESPACE: namespace,
      DATABASE_POOL_SIZE: APP_POOL_SIZE,
      MINIDNS_PORT: String(port),
    });
    // The secondaries as the pool-manager's drivers make them: BIND by `rndc addzone`, PowerDNS a Slave
    // zone through its API, then a transfer.
    bind = await startBind();
    pdns = await startPowerDns();
    const rndc = ['-s', '127.0.0.1', '-p', String(bind.rndcPort), '-k', bind.keyFile];
    const api = `http://127.0.0.1:${pdns.apiPort}/api/v1/servers/localhost/zones`;
    const headers = { 'X-API-Key': pdns.apiKey, 'Content-Type': 'application/json' };
    for (const zone of Object.keys(ZONES)) {
      const stanza = `{ type secondary; primaries { 127.0.0.1 port ${port}; }; file "${zone}db"; };`;
      execFileSync('rndc', [...rndc, 'addzone', zone, stanza]);
      const created = await fetch(api, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: zone, kind: 'Slave', masters: [`127.0.0.1:${port}`] }),
      });
      expect(created.status).toBe(201);
      expect((await fetch(`${api}/${zone}/axfr-retrieve`, { method: 'PUT', headers })).ok).toBe(true);
    }
    for (const [what, server] of [
      ['BIND', bind.port],
      ['PowerDNS', pdns.port],
    ] as const)
      for (const zone of Object.keys(ZONES))
        await waitFor(
          `${what} to transfer ${zone}`,
          async () => (await dig(server, zone, 'SOA')).flags.includes('aa'),
          30_000,
        );
  }, 90_000);

  afterAll(() =>
    teardown(
      () => bind?.stop(),
      () => pdns?.stop(),
      () => miniDns?.stop(),
      () => namespace && deleteNamespace(namespace).catch(() => undefined),
      () => db?.drop(),
      () => fs.rmSync(dir, { recursive: true, force: true }),
    ),
  );

  /** delv against `server`, with the zone's KSK (or `anchor`) as the only trust anchor. */
  async function delv(server: number, name: string, type: string, anchor = keys[0]): Promise<string> {
    const [flags, protocol, algorithm, ...publicKey] = dnskeyText(dnskeyOf(anchor)).split(' ');
    const anchors = path.join(dir, `anchor-${keyTag(dnskeyOf(anchor))}.conf`);
    fs.writeFileSync(
      anchors,
      `trust-anchors { "${ZONE}" static-key ${flags} ${protocol} ${algorithm} "${publicKey.join('')}"; };\n`,
    );
    const { stdout, stderr } = await run('delv', [
      '@127.0.0.1',
      '-p',
      String(server),
      '-a',
      anchors,
      `+root=${ZONE}`,
      name,
      type,
    ]).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }));
    return `${stdout}${stderr}`;
  }

  const CASES: [string, string, RegExp][] = [
    [`www.${ZONE}`, 'A', /^www\.signed\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.80/m],
    [`nope.${ZONE}`, 'A', /resolution failed: ncache nxdomain/],
    [`www.${ZONE}`, 'TXT', /resolution failed: ncache nxrrset/],
    [`host.ent.${ZONE}`, 'A', /resolution failed: ncache nxdomain/],
    [`deep.ent.${ZONE}`, 'A', /resolution failed: ncache nxrrset/],
    [`anything.wild.${ZONE}`, 'A', /^anything\.wild\.signed\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.99/m],
    [`anything.wild.${ZONE}`, 'MX', /resolution failed: ncache nxrrset/],
    [`alias.${ZONE}`, 'A', /^www\.signed\.test\.\s+\d+\s+IN\s+A/m],
    [`x.wcname.${ZONE}`, 'AAAA', /^www\.signed\.test\.\s+\d+\s+IN\s+AAAA/m],
    // DNAME (signed) to a synthesised CNAME (not signed) to a wildcard answer.
    [`x.dn.${ZONE}`, 'A', /^x\.wild\.signed\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.99/m],
    [`secure.${ZONE}`, 'DS', /^secure\.signed\.test\.\s+\d+\s+IN\s+DS/m],
    [`insecure.${ZONE}`, 'DS', /resolution failed: ncache nxrrset/],
    [ZONE, 'DNSKEY', /IN\s+DNSKEY\s+257/],
    // Through the DS of a child zone to its signed answer.
    [`www.${CHILD}`, 'A', /^www\.child\.signed\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.180/m],
    [`nope.${CHILD}`, 'A', /resolution failed: ncache nxdomain/],
  ];

  const servers = {
    'mini-dns': () => port,
    'a BIND secondary of it': () => bind!.port,
    'a PowerDNS secondary of it': () => pdns!.port,
  };
  /**
   * PowerDNS 4.7 answers a DS query below a DNAME of a presigned zone NXDOMAIN with the DNAME owner's NSEC
   * instead of following the DNAME (BIND and mini-dns follow it), so validators find the chain broken.
   */
  const POWERDNS_FAILS = new Set([`x.dn.${ZONE}`]);
  for (const [server, serverPort] of Object.entries(servers)) {
    const cases = CASES.filter(
      ([name]) => server !== 'a PowerDNS secondary of it' || !POWERDNS_FAILS.has(name),
    );
    it.each(cases)(`${server}: delv fully validates %s %s`, async (name, type, expected) => {
      const output = await delv(serverPort(), name, type);
      expect(output).toMatch(/^; (negative response, )?fully validated$/m);
      expect(output).toMatch(expected);
    });

    it(`${server}: delv finds ${PLAIN} provably insecure (the parent's NSEC shows no DS)`, async () => {
      const output = await delv(serverPort(), `www.${PLAIN}`, 'A');
      expect(output).toMatch(/^; unsigned answer$/m);
      expect(output).toMatch(/^www\.plain\.signed\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.190/m);
    });
  }

  it('validates nothing against another trust anchor (the check can fail)', async () => {
    const output = await delv(port, `www.${ZONE}`, 'A', childKeys[0]);
    expect(output).not.toMatch(/fully validated/);
    expect(output).toMatch(/resolution failed/);
  });

  it('refers with the signed DS, or the signed NSEC proving there is none; NS and glue unsigned', async () => {
    const secure = await dig(port, '+dnssec', `host.secure.${ZONE}`, 'A');
    expect(secure.flags).not.toContain('aa');
    expect(types(secure.authority)).toEqual([
      'secure.signed.test. NS',
      'secure.signed.test. DS',
      'secure.signed.test. RRSIG',
    ]);
    expect(types(secure.additional)).toEqual(['ns1.secure.signed.test. A']);
    const insecure = await dig(port, '+dnssec', `host.insecure.${ZONE}`, 'A');
    expect(types(insecure.authority)).toEqual([
      'insecure.signed.test. NS',
      'insecure.signed.test. NSEC',
      'insecure.signed.test. RRSIG',
    ]);
    // The proofs are the records delv validated in the DS answers above.
    const ds = await dig(port, '+dnssec', `secure.${ZONE}`, 'DS');
    expect(secure.authority.slice(1)).toEqual(ds.answer);
  });

  it('truncates a signed answer that does not fit rather than leave its signature out', async () => {
    const signed = await dig(port, '+dnssec', '+bufsize=512', '+ignore', `big.${ZONE}`, 'TXT');
    expect(signed).toMatchObject({ flags: expect.arrayContaining(['tc']), answer: [] });
    const plain = await dig(port, '+nodnssec', '+bufsize=512', '+ignore', `big.${ZONE}`, 'TXT');
    expect(plain.flags).not.toContain('tc');
    expect(types(plain.answer)).toEqual(['big.signed.test. TXT']);
  });

  it('sends no RRSIG or NSEC to a query without the DO bit', async () => {
    for (const [name, type] of CASES) {
      const reply = await dig(port, '+nodnssec', name, type);
      const all = [...reply.answer, ...reply.authority, ...reply.additional];
      expect(all.filter((r) => / (RRSIG|NSEC) /.test(r))).toEqual([]);
    }
  });

  it('answers as BIND does from the same signed zone (DO and not, UDP and TCP)', async () => {
    const queries = [
      ...CASES.map(([name, type]) => [name, type]),
      [ZONE, 'ANY'],
      [`www.${ZONE}`, 'ANY'],
      [`www.${ZONE}`, 'RRSIG'],
      [`www.${ZONE}`, 'NSEC'],
      [ZONE, 'NSEC'],
      [ZONE, 'CDS'],
      [`nope.${ZONE}`, 'RRSIG'],
      [`x.wild.${ZONE}`, 'RRSIG'],
      [`host.secure.${ZONE}`, 'DS'],
      [`secure.${ZONE}`, 'NSEC'],
      [`secure.${ZONE}`, 'RRSIG'],
      [`secure.${ZONE}`, 'ANY'],
      [`insecure.${ZONE}`, 'NSEC'],
      [`x.wild.${ZONE}`, 'NSEC'],
      [`x.wild.${ZONE}`, 'ANY'],
      [`*.wild.${ZONE}`, 'RRSIG'],
      [ZONE, 'CDNSKEY'],
      [`nope.deep.ent.${ZONE}`, 'A'],
      [ZONE, 'MX'],
      [`big.${ZONE}`, 'TXT'],
      [CHILD, 'DS'],
      [PLAIN, 'DS'],
      [CHILD, 'DNSKEY'],
      [`www.${PLAIN}`, 'A'],
      [`nope.${PLAIN}`, 'A'],
      [`host.deep.ent.${ZONE}`, 'A'],
    ];
    const differences: string[] = [];
    for (const [name, type] of queries) {
      for (const options of [['+dnssec'], ['+nodnssec'], ['+dnssec', '+tcp'], ['+dnssec', '+bufsize=512']]) {
        const ours = await dig(port, ...options, name, type);
        const theirs = await dig(bind!.port, ...options, name, type);
        const view = (d: Dig) => ({
          status: d.status,
          flags: d.flags.filter((f) => f !== 'ad').sort(),
          answer: [...d.answer].sort(),
          authority: [...d.authority].sort(),
          additional: [...d.additional].sort(),
        });
        if (JSON.stringify(view(ours)) !== JSON.stringify(view(theirs)))
          differences.push(
            `${name} ${type} ${options.join(' ')}:\n  mini-dns ${JSON.stringify(view(ours))}\n  BIND     ${JSON.stringify(view(theirs))}`,
          );
      }
    }
    expect(differences).toEqual([]);
    // Some 320 dig runs, one after the other.
  }, 180_000);

  it('transfers the signed zone whole: dnssec-verify and ldns-verify-zone accept the AXFR', async () => {
    const { stdout } = await run('dig', [
      '@127.0.0.1',
      '-p',
      String(port),
      '+nocmd',
      '+nostats',
      '+onesoa',
      'AXFR',
      ZONE,
    ]);
    const file = path.join(dir, 'axfr.zone');
    fs.writeFileSync(
      file,
      stdout
        .split('\n')
        .filter((line) => line && !line.startsWith(';'))
        .join('\n') + '\n',
    );
    const records = fs.readFileSync(file, 'utf8');
    for (const type of ['DNSKEY', 'CDS', 'CDNSKEY', 'NSEC', 'RRSIG'])
      expect(records).toMatch(new RegExp(`\\sIN\\s+${type}\\s`));
    await expect(run('dnssec-verify', ['-q', '-o', ZONE, file])).resolves.toBeDefined();
    await expect(run('ldns-verify-zone', [file])).resolves.toBeDefined();
  });
});
