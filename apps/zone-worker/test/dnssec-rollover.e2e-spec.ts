import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import {
  BindResolver,
  GiveUp,
  ManagedProcess,
  TestDatabase,
  appsEnv,
  as,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  startApps,
  startBindResolver,
  teardown,
  waitFor,
} from '@zonewarden/testing';

const run = promisify(execFile);
const HEADERS = { ...as('project-rollover'), 'Content-Type': 'application/json' };
const ZONE = 'rollover.test.';
/**
 * The zone's TTLs: caches turn over within seconds. The DNSKEY RRset outlives the answers it validates in
 * the resolver's cache, as it does with the defaults (an hour against minutes), so answers signed by a new
 * ZSK meet a cached DNSKEY RRset: it must hold that ZSK already (pre-publication).
 */
const TTL = 2;
const DNSKEY_TTL = 10;
/** Seconds given to a change to reach mini-dns: pre-publication and retirement wait this beyond the TTLs. */
const PROPAGATION_DELAY = 3;

interface Key {
  key_type: 'KSK' | 'ZSK';
  state: 'PUBLISHED' | 'ACTIVE' | 'RETIRED';
  key_tag: number;
  dnskey: string;
}

interface Dnssec {
  keys: Key[];
}

/** Where the ZSK rollover is, from the keys the API shows. */
type Phase = 'before' | 'published' | 'rolled' | 'removed';

/** The answers the zone gives (some change mid-rollover): positive, NXDOMAIN, NODATA, wildcard. */
const queries = (zone: string): { name: string; type: string; statuses: string[] }[] => [
  { name: `www.${zone}`, type: 'A', statuses: ['NOERROR'] },
  { name: `nope.${zone}`, type: 'A', statuses: ['NXDOMAIN'] },
  { name: `www.${zone}`, type: 'TXT', statuses: ['NOERROR'] },
  { name: `host.wild.${zone}`, type: 'A', statuses: ['NOERROR'] },
  // Created mid-rollover (ZSK): NXDOMAIN before, an answer after.
  { name: `added.${zone}`, type: 'A', statuses: ['NXDOMAIN', 'NOERROR'] },
  { name: zone, type: 'SOA', statuses: ['NOERROR'] },
  { name: zone, type: 'DNSKEY', statuses: ['NOERROR'] },
];
const QUERIES = queries(ZONE);

/** The zone of the KSK rollover. */
const KSK_ZONE = 'ksk-rollover.test.';
/** Seconds the old KSK signs beside the new one. */
const KSK_RETIRE_AFTER = 8;

/** DNSKEY rdata with its base64 in one piece, as dig may split it. */
const normalised = (rdata: string) => {
  const [flags, protocol, algorithm, ...key] = rdata.split(/\s+/);
  return `${flags} ${protocol} ${algorithm} ${key.join('')}`;
};

interface Outcome {
  phase: string;
  query: string;
  ok: boolean;
  detail: string;
}

/** delv's output as an outcome: validated, or not (its last lines say why). */
const validated = (output: string, phase: string, query: string): Outcome => ({
  phase,
  query,
  ok: /^; (negative response, )?fully validated$/m.test(output),
  detail: output.trim().split('\n').slice(-3).join(' | '),
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loops that run side by side until stopped; one that fails stops them all, and `waitUntil` gives up then
 * too, so a failure ends the test at once instead of leaving queries running.
 */
function loops() {
  let stopped = false;
  return {
    async run(body: () => Promise<void>): Promise<void> {
      try {
        while (!stopped) await body();
      } finally {
        stopped = true;
      }
    },
    waitUntil(what: string, check: () => boolean): Promise<void> {
      return waitFor(
        what,
        () => {
          if (stopped) throw new GiveUp(`a query loop stopped before ${what}`);
          return check();
        },
        60_000,
      );
    },
    stop: () => (stopped = true),
  };
}

/** dig at a loopback server: status, header flags and the answer section's records. */
async function dig(port: number, ...args: string[]) {
  const { stdout } = await run(
    'dig',
    ['@127.0.0.1', '-p', String(port), '+nocookie', '+time=3', '+tries=1', ...args],
    { timeout: 10_000 },
  );
  const answer = stdout.split(/^;; ANSWER SECTION:$/m)[1]?.split('\n\n')[0] ?? '';
  return {
    status: /status: (\w+)/.exec(stdout)?.[1] ?? 'NO-ANSWER',
    flags: (/;; flags: ([\w ]*);/.exec(stdout)?.[1] ?? '').trim().split(' '),
    answer: answer
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => line.split(/\s+/)),
    output: stdout,
  };
}

describe('DNSSEC rollovers under queries (validation never fails)', () => {
  let db: TestDatabase;
  let apps: ManagedProcess[] = [];
  let resolver: BindResolver | undefined;
  let env: Record<string, string>;
  let api: string;
  let miniDnsPort: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-dnssec-rollover-'));

  beforeAll(async () => {
    db = await createTestDatabase();
    [miniDnsPort] = [await freePort()];
    const apiPort = await freePort();
    env = {
      ...appsEnv(db.url),
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
      MINIDNS_HOST: '127.0.0.1',
      MINIDNS_PORT: String(miniDnsPort),
      PROPAGATION_MAX_BACKOFF_MS: '500',
      RECONCILE_INTERVAL_MS: '1000',
      RECONCILE_AFTER_MS: '3000',
      DNSSEC_KEY_ENCRYPTION_KEYS: 'k1=a-rollover-test-secret',
      DNSSEC_DNSKEY_TTL: String(DNSKEY_TTL),
      DNSSEC_PROPAGATION_DELAY: String(PROPAGATION_DELAY),
      DNSSEC_ZSK_LIFETIME: '0',
      DNSSEC_KSK_RETIRE_AFTER: String(KSK_RETIRE_AFTER),
      DNSSEC_MAINTENANCE_INTERVAL_MS: '500',
    };
    // The gateway first, as the other e2e tests start it: four Node apps booting at once on a busy machine
    // can take longer than a start is given.
    apps = [await startApp('api-gateway', env)];
    apps.push(...(await startApps(['mini-dns', 'pool-manager', 'zone-worker'], env)));
    api = `http://127.0.0.1:${apiPort}`;
  }, 90_000);

  afterAll(() =>
    teardown(
      () => resolver?.stop(),
      () => Promise.all(apps.map((app) => app.stop())),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
      () => fs.rmSync(dir, { recursive: true, force: true }),
    ),
  );

  const call = async <T = unknown>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${api}${url}`, {
      method,
      headers: HEADERS,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json as T;
  };
  const keys = async (zoneId: string): Promise<Key[]> =>
    (await call<Dnssec>('GET', `/v2/zones/${zoneId}/dnssec`)).keys;

  /** delv at mini-dns with the trust anchors of `anchorFile` for `zone` only: its whole output. */
  async function delv(anchorFile: string, name: string, type: string, zone = ZONE): Promise<string> {
    const args = ['@127.0.0.1', '-p', String(miniDnsPort), '-a', anchorFile, `+root=${zone}`, name, type];
    const { stdout, stderr } = await run('delv', args, { timeout: 10_000 }).catch(
      (error: { stdout?: string; stderr?: string; message: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? error.message,
      }),
    );
    return `${stdout}${stderr}`;
  }

  /** A zone with every TTL `TTL` (a host, a wildcard) through the API, then signed. */
  async function signedZone(name: string) {
    const zone = await call<{ id: string }>('POST', '/v2/zones', {
      name,
      email: 'hostmaster@rollover.test',
      ttl: TTL,
    });
    for (const [owner, records] of [
      [`www.${name}`, ['192.0.2.80']],
      [`*.wild.${name}`, ['192.0.2.99']],
    ] as const)
      await call('POST', `/v2/zones/${zone.id}/recordsets`, { name: owner, type: 'A', records, ttl: TTL });
    const enabled = await call<Dnssec>('PUT', `/v2/zones/${zone.id}/dnssec`, { enabled: true });
    return { zone, enabled };
  }

  it('a ZSK rollover: every answer validated, by delv and by a caching BIND resolver, through every step', async () => {
    const { zone, enabled } = await signedZone(ZONE);
    const ksk = enabled.keys.find((key) => key.key_type === 'KSK')!;
    const oldZsk = enabled.keys.find((key) => key.key_type === 'ZSK')!.key_tag;
    await waitFor(
      'mini-dns to serve the signed zone',
      async () => (await dig(miniDnsPort, '+norec', ZONE, 'DNSKEY')).answer.length === 2,
      30_000,
    );

    const [flags, protocol, algorithm, ...publicKey] = ksk.dnskey.split(' ');
    const anchorFile = path.join(dir, 'anchor.conf');
    fs.writeFileSync(
      anchorFile,
      `trust-anchors { "${ZONE}" static-key ${flags} ${protocol} ${algorithm} "${publicKey.join('')}"; };\n`,
    );
    resolver = await startBindResolver(ZONE, miniDnsPort, ksk.dnskey);

    // Four loops: the key states (API), what mini-dns serves, delv, the resolver.
    const running = loops();
    let phase: Phase = 'before';
    const outcomes: Outcome[] = [];
    /** The ZSKs' tags by their DNSKEY rdata, as the API shows them. */
    const tags = new Map<string, number>();
    const served = { zskSets: [] as string[], signers: [] as string[] };
    const noteChange = (list: string[], value: string) => {
      if (list[list.length - 1] !== value) list.push(value);
    };
    const phases = running.run(async () => {
      const zsks = (await keys(zone.id)).filter((key) => key.key_type === 'ZSK');
      for (const key of zsks) tags.set(normalised(key.dnskey), key.key_tag);
      if (zsks.some((key) => key.state === 'PUBLISHED')) phase = 'published';
      else if (zsks.some((key) => key.state === 'RETIRED')) phase = 'rolled';
      else if (zsks.length === 1 && zsks[0].key_tag !== oldZsk) phase = 'removed';
      await pause(200);
    });
    const serving = running.run(async () => {
      // A query lost on the busy machine is asked again: this loop watches, the others judge.
      const dnskeys = await dig(miniDnsPort, '+norec', '+dnssec', ZONE, 'DNSKEY').catch(() => undefined);
      const www = await dig(miniDnsPort, '+norec', '+dnssec', `www.${ZONE}`, 'A').catch(() => undefined);
      if (!dnskeys || !www) return;
      const zskTags = dnskeys.answer
        .filter((r) => r[3] === 'DNSKEY' && r[4] === '256')
        .map((r) => tags.get(normalised(r.slice(4).join(' '))));
      // A key served before the key-state loop has read its tag from the API: judged at the next look.
      if (zskTags.includes(undefined)) return;
      noteChange(served.zskSets, (zskTags as number[]).sort((a, b) => a - b).join(','));
      const signers = www.answer.filter((r) => r[3] === 'RRSIG').map((r) => r[10]);
      noteChange(served.signers, signers.join(','));
      await pause(100);
    });
    const validating = running.run(async () => {
      for (const { name, type } of QUERIES) {
        const at = phase;
        outcomes.push(validated(await delv(anchorFile, name, type), at, `delv ${name} ${type}`));
      }
    });
    const resolving = running.run(async () => {
      for (const { name, type, statuses } of QUERIES) {
        const at = phase;
        const reply = await dig(resolver!.port, name, type).catch((error: Error) => ({
          status: `no answer (${error.message})`,
          flags: ['qr'],
        }));
        // A header without QR is dig's own query (printed when no reply matched it on the busy machine), not
        // the resolver's answer: asked again on the next round rather than judged.
        if (!reply.flags.includes('qr')) continue;
        outcomes.push({
          phase: at,
          query: `resolver ${name} ${type}`,
          ok: statuses.includes(reply.status) && reply.flags.includes('ad'),
          detail: `${reply.status} ${reply.flags.join(' ')}`,
        });
      }
      await pause(50);
    });

    const rolled = (async () => {
      const seen = (what: Phase) =>
        running.waitUntil(`the rollover to reach "${what}"`, () => phase === what);
      await pause(2000);
      const started = await call<Dnssec>('POST', `/v2/zones/${zone.id}/tasks/dnssec_rollover`, {
        key_type: 'ZSK',
      });
      const newZsk = started.keys.find((key) => key.state === 'PUBLISHED')!.key_tag;
      await seen('published');
      // Record set changes while both ZSKs are published, and after the new one took over.
      await call('POST', `/v2/zones/${zone.id}/recordsets`, {
        name: `added.${ZONE}`,
        type: 'A',
        records: ['192.0.2.7'],
        ttl: TTL,
      });
      await seen('rolled');
      const www = (
        await call<{ recordsets: { id: string }[] }>(
          'GET',
          `/v2/zones/${zone.id}/recordsets?name=www.${ZONE}&type=A`,
        )
      ).recordsets[0];
      await call('PUT', `/v2/zones/${zone.id}/recordsets/${www.id}`, { records: ['192.0.2.81'] });
      await seen('removed');
      // Caches holding the last answers of the rollover expire and are refilled.
      await pause((DNSKEY_TTL + 1) * 1000);
      return newZsk;
    })().finally(running.stop);

    const [newZsk] = await Promise.all([rolled, phases, serving, validating, resolving]);

    const failures = outcomes.filter((o) => !o.ok);
    expect(failures.map((f) => `${f.phase} ${f.query}: ${f.detail}`)).toEqual([]);
    // Every kind of answer was checked by both, in every phase.
    for (const at of ['before', 'published', 'rolled', 'removed'] as const)
      for (const { name, type } of QUERIES)
        for (const tool of ['delv', 'resolver'])
          expect([
            at,
            tool,
            name,
            type,
            outcomes.some((o) => o.phase === at && o.query === `${tool} ${name} ${type}`),
          ]).toEqual([at, tool, name, type, true]);
    // mini-dns served each step in order: the new ZSK published, signing, the old one gone.
    const [low, high] = [oldZsk, newZsk].sort((a, b) => a - b);
    expect(served.zskSets).toEqual([`${oldZsk}`, `${low},${high}`, `${newZsk}`]);
    expect(served.signers).toEqual([`${oldZsk}`, `${newZsk}`]);
    // The changes made mid-rollover are answered, validated.
    const www = await dig(resolver!.port, `www.${ZONE}`, 'A');
    expect(www).toMatchObject({ status: 'NOERROR', flags: expect.arrayContaining(['ad']) });
    expect(www.answer.map((r) => r[4])).toEqual(['192.0.2.81']);
  }, 180_000);

  it('a KSK rollover: delv validates from the DS set of a parent that follows the CDS, through every step', async () => {
    const { zone, enabled } = await signedZone(KSK_ZONE);
    const oldKsk = enabled.keys.find((key) => key.key_type === 'KSK')!.key_tag;

    // The parent as RFC 7344 has it: its DS set is the CDS set the zone serves, copied as it changes.
    const anchorFile = path.join(dir, 'ksk-anchor.conf');
    const dsSets: string[] = [];
    let parentDs = '';
    const followCds = async () => {
      const cds = (await dig(miniDnsPort, '+norec', KSK_ZONE, 'CDS')).answer
        .filter((r) => r[3] === 'CDS')
        .map(([, , , , tag, algorithm, digestType, ...digest]) => ({
          tag,
          rdata: `${tag} ${algorithm} ${digestType} "${digest.join('').toUpperCase()}"`,
        }))
        .sort((a, b) => Number(a.tag) - Number(b.tag));
      const tags = cds.map((ds) => ds.tag).join(',');
      if (cds.length === 0 || tags === parentDs) return;
      const anchors = cds.map((ds) => `"${KSK_ZONE}" static-ds ${ds.rdata};`).join(' ');
      fs.writeFileSync(anchorFile, `trust-anchors { ${anchors} };\n`);
      parentDs = tags;
      dsSets.push(tags);
    };
    await waitFor(
      "mini-dns to serve the signed zone's CDS",
      async () => (await followCds(), parentDs !== ''),
      30_000,
    );

    const running = loops();
    const outcomes: Outcome[] = [];
    const parent = running.run(async () => {
      await followCds().catch(() => undefined);
      await pause(200);
    });
    const validating = running.run(async () => {
      for (const { name, type } of queries(KSK_ZONE)) {
        const at = parentDs;
        outcomes.push(validated(await delv(anchorFile, name, type, KSK_ZONE), at, `delv ${name} ${type}`));
      }
    });
    const rolled = (async () => {
      await pause(2000);
      const started = await call<Dnssec>('POST', `/v2/zones/${zone.id}/tasks/dnssec_rollover`, {
        key_type: 'KSK',
      });
      const newKsk = started.keys.find((key) => key.key_type === 'KSK' && key.key_tag !== oldKsk)!.key_tag;
      await running.waitUntil('the parent to hold the new DS only', () => parentDs === String(newKsk));
      await pause(3000);
      return newKsk;
    })().finally(running.stop);
    const [newKsk] = await Promise.all([rolled, parent, validating]);

    expect(outcomes.filter((o) => !o.ok).map((f) => `DS ${f.phase} ${f.query}: ${f.detail}`)).toEqual([]);
    const both = [oldKsk, newKsk].sort((a, b) => a - b).join(',');
    expect(dsSets).toEqual([`${oldKsk}`, both, `${newKsk}`]);
    for (const ds of dsSets)
      for (const { name, type } of queries(KSK_ZONE))
        expect([
          ds,
          name,
          type,
          outcomes.some((o) => o.phase === ds && o.query === `delv ${name} ${type}`),
        ]).toEqual([ds, name, type, true]);
    // The DS the API gives the operator is the one the CDS published.
    const { ds_records } = await call<{ ds_records: { key_tag: number; digest_type: number }[] }>(
      'GET',
      `/v2/zones/${zone.id}/dnssec`,
    );
    expect(ds_records.filter((ds) => ds.digest_type === 2).map((ds) => ds.key_tag)).toEqual([newKsk]);
  }, 180_000);
});
