import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from 'pg';
import {
  BindServer,
  ManagedProcess,
  TestDatabase,
  appsEnv,
  as,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  startBind,
  teardown,
  waitFor,
} from '@zonewarden/testing';

const run = promisify(execFile);
const HEADERS = { ...as('ixfr-project'), 'Content-Type': 'application/json' };
const ZONE = 'ixfr.example.com.';
/** Record sets the zone starts with: enough that a few changes are smaller than the whole zone. */
const HOSTS = 20;

/**
 * dnspython (Debian's python3-dnspython) as the client: `axfr` prints the zone as mini-dns transfers it;
 * `apply` reads a zone's text on stdin, brings it up to date by IXFR (`inbound_xfr`, which asks from the
 * zone's own serial and checks that every record a difference sequence removes is there), and prints
 * whether the result is the zone AXFR transfers now, TTLs included.
 */
const DNSPYTHON = `
import sys, dns.query, dns.zone
mode, port, origin = sys.argv[1], int(sys.argv[2]), sys.argv[3]
axfr = lambda: dns.zone.from_xfr(dns.query.xfr('127.0.0.1', origin, port=port, timeout=5, lifetime=30))
if mode == 'axfr':
    print(axfr().to_text(sorted=True))
else:
    zone = dns.zone.from_text(sys.stdin.read(), origin=origin)
    dns.query.inbound_xfr('127.0.0.1', zone, port=port, timeout=5, lifetime=30)
    current = axfr()
    lines = lambda z: sorted(z.to_text().splitlines())
    print('equal' if lines(zone) == lines(current) else '\\n'.join(['applied:'] + lines(zone) + ['AXFR:'] + lines(current)))
`;

async function dnspython(port: number, mode: 'axfr' | 'apply', input = ''): Promise<string> {
  const python = execFile('/usr/bin/python3', ['-c', DNSPYTHON, mode, String(port), ZONE], {
    timeout: 60_000,
  });
  python.stdin!.end(input);
  let output = '';
  python.stdout!.on('data', (chunk) => (output += chunk));
  let errors = '';
  python.stderr!.on('data', (chunk) => (errors += chunk));
  const code = await new Promise((resolve) => python.on('close', resolve));
  if (code !== 0) throw new Error(`dnspython ${mode} failed: ${errors}`);
  return output.trim();
}

/** The answer records of a `dig` (every message of a transfer), each as `name ttl type data`. */
async function dig(port: number, ...args: string[]): Promise<{ flags: string[]; records: string[] }> {
  const { stdout } = await run('dig', [
    '@127.0.0.1',
    '-p',
    String(port),
    '+nocookie',
    '+norec',
    '+time=3',
    '+tries=1',
    '+noall',
    '+comments',
    '+answer',
    ...args,
  ]);
  const flags = /;; flags: ([\w ]*);/.exec(stdout)?.[1].trim().split(' ') ?? [];
  const records = stdout
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith(';'))
    .map((line) =>
      line
        .split(/\s+/)
        .filter((_, i) => i !== 2)
        .join(' '),
    );
  return { flags, records };
}

const serialOf = (soa: string) => Number(soa.split(' ')[5]);
const isSoa = (record: string) => record.split(' ')[2] === 'SOA';

/**
 * IXFR (RFC 1995) from mini-dns, built from the zone's history: changes made through the API (single
 * record set writes and a 3-action batch) come as one difference sequence each — the batch as one —, and
 * the result applied to the old zone is the current one (dnspython); a client up to date gets the SOA, a
 * serial the history does not reach the whole zone (AXFR-style), UDP the SOA alone; a BIND secondary
 * (`request-ixfr yes`) is brought up to date by an incremental response and serves the new data.
 */
describe('mini-dns serves IXFR from the zone history', () => {
  let db: TestDatabase;
  let sql: Client;
  let gateway: ManagedProcess;
  let miniDns: ManagedProcess;
  let bind: BindServer;
  let env: Record<string, string>;
  let api: string;
  let port: number;
  let zoneId: string;
  /** The serial after the zone's first record sets, before the changes; then the serial after each change. */
  const serials: number[] = [];
  /** The zone as dnspython transferred it at serials[0]. */
  let oldZone: string;

  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${api}${url}`, { method, headers: HEADERS, body: body && JSON.stringify(body) });
    const json = (res.status === 204 ? {} : await res.json()) as { serial: number; id: string };
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const servedSerial = async (server: number, zone: string) =>
    serialOf((await dig(server, zone, 'SOA')).records.find(isSoa) ?? '0 0 0 0 0 0');
  const served = (server: number, serial: number, what: string, zone = ZONE) =>
    waitFor(
      `${what} to serve serial ${serial} of ${zone}`,
      async () => (await servedSerial(server, zone)) === serial,
      30_000,
    );
  const rndc = (...args: string[]) =>
    run('rndc', ['-s', '127.0.0.1', '-p', String(bind.rndcPort), '-k', bind.keyFile, ...args]);
  /** A change's answer, once mini-dns serves the zone's serial after it (kept in `serials`). */
  const changed = async <T>(write: Promise<T>): Promise<T> => {
    const answer = await write;
    const zone = await call('GET', `/v2/zones/${zoneId}`);
    serials.push(zone.serial);
    await served(port, zone.serial, 'mini-dns');
    return answer;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    const [apiPort, dnsPort] = [await freePort(), await freePort()];
    port = dnsPort;
    env = {
      ...appsEnv(db.url),
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
      MINIDNS_HOST: '127.0.0.1',
      MINIDNS_PORT: String(dnsPort),
      MINIDNS_CATCH_UP_INTERVAL_MS: '200',
      DNSSEC_KEY_ENCRYPTION_KEYS: 'k1=a-test-secret-of-some-length',
    };
    api = `http://127.0.0.1:${apiPort}`;
    gateway = await startApp('api-gateway', env);
    miniDns = await startApp('mini-dns', env);
    await miniDns.waitForOutput(/serving DNS on/);
    bind = await startBind();

    zoneId = (await call('POST', '/v2/zones', { name: ZONE, email: 'hostmaster@example.com' })).id;
    await changed(
      call('POST', `/v2/zones/${zoneId}/changes`, {
        comment: 'the hosts',
        changes: Array.from({ length: HOSTS }, (_, i) => ({
          action: 'CREATE',
          name: `h${i}.${ZONE}`,
          type: 'A',
          records: [`192.0.2.${i}`],
        })),
      }),
    );
    oldZone = await dnspython(port, 'axfr');
    // The secondary takes the zone as it stands (an AXFR), and logs at debug level 3 from then on.
    const stanza = `{ type secondary; primaries { 127.0.0.1 port ${port}; }; file "ixfr.db"; request-ixfr yes; };`;
    await rndc('addzone', ZONE, stanza);
    await served(bind.port, serials[0], 'BIND');
    await rndc('trace', '3');

    const www = await changed(
      call('POST', `/v2/zones/${zoneId}/recordsets`, {
        name: `www.${ZONE}`,
        type: 'A',
        records: ['198.51.100.1'],
      }),
    );
    await changed(
      call('PUT', `/v2/zones/${zoneId}/recordsets/${www.id}`, { records: ['198.51.100.2'], ttl: 60 }),
    );
    await changed(
      call('POST', `/v2/zones/${zoneId}/changes`, {
        comment: 'three actions, one change',
        changes: [
          { action: 'CREATE', name: `mail.${ZONE}`, type: 'MX', records: [`10 h3.${ZONE}`] },
          { action: 'UPSERT', name: `h1.${ZONE}`, type: 'A', records: ['203.0.113.1'] },
          { action: 'DELETE', name: `h2.${ZONE}`, type: 'A' },
        ],
      }),
    );
    await changed(call('DELETE', `/v2/zones/${zoneId}/recordsets/${www.id}`));
  }, 180_000);

  afterAll(() =>
    teardown(
      () => bind?.stop(),
      () => Promise.all([gateway?.stop(), miniDns?.stop()]),
      () => sql?.end(),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('gives each change as one difference sequence, the 3-action batch as one', async () => {
    const [from, created, updated, batched, removed] = serials;
    const { flags, records } = await dig(port, ZONE, `IXFR=${from}`);
    expect(flags).toContain('aa');
    expect(records.filter(isSoa).map(serialOf)).toEqual([
      removed,
      ...[from, created, created, updated, updated, batched, batched, removed],
      removed,
    ]);
    /** The records between the SOA at `at` and the next SOA. */
    const after = (at: number) => {
      const rest = records.slice(at + 1);
      return rest.slice(0, rest.findIndex(isSoa)).sort();
    };
    const soaAt = records.map((record, i) => (isSoa(record) ? i : -1)).filter((i) => i >= 0);
    const www = `www.${ZONE}`;
    expect([after(soaAt[1]), after(soaAt[2])]).toEqual([[], [`${www} 3600 A 198.51.100.1`]]);
    // A TTL change removes the record with the old TTL and adds it with the new.
    expect([after(soaAt[3]), after(soaAt[4])]).toEqual([
      [`${www} 3600 A 198.51.100.1`],
      [`${www} 60 A 198.51.100.2`],
    ]);
    expect([after(soaAt[5]), after(soaAt[6])]).toEqual([
      [`h1.${ZONE} 3600 A 192.0.2.1`, `h2.${ZONE} 3600 A 192.0.2.2`],
      [`h1.${ZONE} 3600 A 203.0.113.1`, `mail.${ZONE} 3600 MX 10 h3.${ZONE}`],
    ]);
    expect([after(soaAt[7]), after(soaAt[8])]).toEqual([[`${www} 60 A 198.51.100.2`], []]);
  });

  it('brings the old zone to the current one (dnspython applies the IXFR)', async () => {
    expect(await dnspython(port, 'apply', oldZone)).toBe('equal');
  });

  it('answers a client up to date with the SOA alone, and IXFR over UDP with the SOA alone (as BIND)', async () => {
    const current = serials[serials.length - 1];
    for (const from of [current, current + 10]) {
      const { flags, records } = await dig(port, ZONE, `IXFR=${from}`);
      expect([flags.includes('aa'), records.map(serialOf)]).toEqual([true, [current]]);
    }
    const udp = await dig(port, '+notcp', ZONE, `IXFR=${serials[0]}`);
    expect([udp.flags.includes('aa'), udp.records.map(serialOf)]).toEqual([false, [current]]);
  });

  it('brings a BIND secondary (request-ixfr yes) up to date incrementally, and it serves the new data', async () => {
    const current = serials[serials.length - 1];
    await rndc('refresh', ZONE);
    await served(bind.port, current, 'BIND');
    const log = bind.process.output;
    expect(log).toContain(`requesting IXFR for serial ${serials[0]}`);
    expect(log).toContain('got incremental response');
    expect(log).not.toContain('got nonincremental response');
    expect((await dig(bind.port, `mail.${ZONE}`, 'MX')).records).toEqual([
      `mail.${ZONE} 3600 MX 10 h3.${ZONE}`,
    ]);
    expect((await dig(bind.port, `h1.${ZONE}`, 'A')).records).toEqual([`h1.${ZONE} 3600 A 203.0.113.1`]);
    expect((await dig(bind.port, `h2.${ZONE}`, 'A')).records).toEqual([]);
  });

  it('sends a signed zone whole: its history does not hold the signatures its changes renew', async () => {
    const name = `signed.${ZONE}`;
    const zone = await call('POST', '/v2/zones', { name, email: 'hostmaster@example.com' });
    await call('PUT', `/v2/zones/${zone.id}/dnssec`, { enabled: true, algorithm: 'ECDSAP256SHA256' });
    const before = (await call('GET', `/v2/zones/${zone.id}`)).serial;
    await call('POST', `/v2/zones/${zone.id}/recordsets`, {
      name: `www.${name}`,
      type: 'A',
      records: ['192.0.2.1'],
    });
    const after = (await call('GET', `/v2/zones/${zone.id}`)).serial;
    await served(port, after, 'mini-dns', name);
    const ixfr = (await dig(port, name, `IXFR=${before}`)).records;
    const axfr = (await dig(port, name, 'AXFR')).records;
    expect(isSoa(ixfr[1])).toBe(false);
    expect(ixfr.sort()).toEqual(axfr.sort());
    expect(axfr.some((record) => record.split(' ')[2] === 'RRSIG')).toBe(true);
  });

  it('sends the whole zone (AXFR-style) for a serial the history does not reach, or past a gap in it', async () => {
    /** Whether the IXFR's second record is an SOA (incremental), and its records. */
    const transferred = async (from: number) => {
      const { records } = await dig(port, ZONE, `IXFR=${from}`);
      return { incremental: isSoa(records[1]), records: records.sort() };
    };
    const whole = async () => ({
      incremental: false,
      records: (await dig(port, ZONE, 'AXFR')).records.sort(),
    });
    expect(await transferred(serials[0] - 1000)).toEqual(await whole());
    // The entry of the TTL change pruned: the history no longer reaches before it.
    await sql.query(`DELETE FROM zone_history WHERE zone_id = $1 AND serial = $2`, [zoneId, serials[2]]);
    expect(await transferred(serials[0])).toEqual(await whole());
    expect(await transferred(serials[2])).toEqual(await whole());
    expect((await transferred(serials[3])).incremental).toBe(true);
    // A change of the zone's own fields (its TTL changes records the history does not list).
    await changed(call('PATCH', `/v2/zones/${zoneId}`, { ttl: 900 }));
    expect(await transferred(serials[4])).toEqual(await whole());
  });
});
