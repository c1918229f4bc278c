import { querySoa } from '@zonewarden/dns';
import { PrismaService } from '@zonewarden/persistence';
import {
  ManagedProcess,
  TestDatabase,
  appsEnv,
  as,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  startApps,
  teardown,
  waitFor,
} from '@zonewarden/testing';

const HEADERS = { ...as('project-faults', 'member', 'fault-user'), 'Content-Type': 'application/json' };
/** Of a batch's 1,000 actions, this many create record sets of its own; the rest upsert shared ones. */
const CREATES = 900;
const SHARED = 1000 - CREATES;

type Outcome = 'applied' | 'refused' | 'unknown';

/** A write the stream sent: a batch (tagged by its comment) or a single record set create. */
interface Sent {
  kind: 'batch' | 'single';
  zoneId: string;
  tag: string;
  outcome?: Outcome;
  status?: number;
}

interface Entry {
  id: string;
  source: string;
  comment: string | null;
  previous_serial: number | null;
  serial: number;
  rrsets: { name: string; type: string; before: State | null; after: State | null }[];
}
interface State {
  ttl: number | null;
  records: string[];
}

/** Polls `check` every few milliseconds (waitFor's pace could miss a short window) until it holds. */
async function soonAs(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const stateText = (state: State | null) =>
  state === null ? 'absent' : JSON.stringify({ ttl: state.ttl, records: [...state.records].sort() });

/**
 * The fault run of the one door: a stream of 1,000-action batches and single record set changes against
 * a gateway killed (SIGKILL) in the middle of a batch, and a pool-manager killed mid-propagation. Checked
 * in the database afterwards: no batch half-applied, every acknowledged write there, each zone's record sets
 * exactly the replay of its history (no change without its entry, no entry without its change), each
 * history one chain of serials ending at the zone's; and every change reaches ACTIVE once pool-manager is
 * back.
 */
describe('the one door under faults: gateway and pool-manager killed mid-stream', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let env: Record<string, string>;
  let gateway: ManagedProcess;
  let miniDns: ManagedProcess;
  let poolManager: ManagedProcess;
  let api: string;
  let miniDnsPort: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2 });
    const apiPort = await freePort();
    miniDnsPort = await freePort();
    env = {
      ...appsEnv(db.url),
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
      MINIDNS_HOST: '127.0.0.1',
      MINIDNS_PORT: String(miniDnsPort),
      RECONCILE_INTERVAL_MS: '1000',
      RECONCILE_AFTER_MS: '3000',
    };
    api = `http://127.0.0.1:${apiPort}`;
    gateway = await startApp('api-gateway', env);
    [miniDns, poolManager] = await startApps(['mini-dns', 'pool-manager'], env);
  });
  afterAll(() =>
    teardown(
      () => Promise.all([gateway, miniDns, poolManager].map((app) => app?.stop())),
      () => prisma?.close(),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: HEADERS,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    return { status: res.status, body: await res.json() };
  };
  const sql = async <R extends object>(text: string, values: unknown[] = []) =>
    (await prisma.pg.query(text, values)).rows as R[];

  /** Batch `n`: CREATES record sets of its own (`b<n>-<i>`), and the SHARED ones upserted with its tag. */
  const batchBody = (zone: string, n: number) => ({
    comment: `batch ${n}`,
    changes: [
      ...Array.from({ length: CREATES }, (_, i) => ({
        action: 'CREATE',
        name: `b${n}-${i}.${zone}`,
        type: 'A',
        records: [`10.${n % 250}.${i >> 8}.${i & 255}`],
      })),
      ...Array.from({ length: SHARED }, (_, i) => ({
        action: 'UPSERT',
        name: `shared-${i}.${zone}`,
        type: 'TXT',
        ttl: 300 + (n % 2),
        records: [`"batch ${n}"`],
      })),
    ],
  });

  it('leaves nothing half-applied, every change with its entry, and every change ACTIVE in the end', async () => {
    const zones: { id: string; name: string }[] = [];
    for (const name of ['faults-a.example.net.', 'faults-b.example.net.']) {
      const created = await call('POST', '/v2/zones', { name, email: 'ops@example.net' });
      expect(created.status).toBe(201);
      zones.push(created.body);
    }

    // The stream: writers sending, one after the other, a batch then three single creates; two of them
    // on the first zone (they serialise on its lock), one on the second.
    const sent: Sent[] = [];
    let stop = false;
    let counter = 0;
    const send = async (write: Sent, path: string, body: unknown) => {
      sent.push(write);
      try {
        const res = await fetch(`${api}${path}`, {
          method: 'POST',
          headers: HEADERS,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
        write.status = res.status;
        write.outcome = res.status === 201 ? 'applied' : 'refused';
        await res.arrayBuffer();
      } catch {
        // The gateway died with the request in hand (or was not listening): applied or not, whole.
        write.outcome = 'unknown';
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const writer = async (zone: { id: string; name: string }) => {
      while (!stop) {
        const n = ++counter;
        await send(
          { kind: 'batch', zoneId: zone.id, tag: `batch ${n}` },
          `/v2/zones/${zone.id}/changes`,
          batchBody(zone.name, n),
        );
        for (let i = 0; i < 3 && !stop; i++) {
          const tag = `s${n}-${i}.${zone.name}`;
          await send({ kind: 'single', zoneId: zone.id, tag }, `/v2/zones/${zone.id}/recordsets`, {
            name: tag,
            type: 'TXT',
            records: [`"single ${n}"`],
          });
        }
      }
    };
    const applied = (kind: Sent['kind']) =>
      sent.filter((write) => write.kind === kind && write.outcome === 'applied').length;
    const stream = Promise.all([writer(zones[0]), writer(zones[0]), writer(zones[1])]);

    try {
      await waitFor('two batches applied', async () => applied('batch') >= 2, 120_000);
      // SIGKILL the gateway in the middle of a batch: a transaction of its that has written (or locked) rows
      // for a while — a single change's lasts milliseconds, a batch's 1,000 writes much longer.
      await soonAs(
        'a batch in the middle of its transaction',
        async () =>
          sent.some((write) => write.kind === 'batch' && write.outcome === undefined) &&
          (
            await sql(
              `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
                 AND application_name = 'zonewarden-api-gateway' AND state <> 'idle'
                 AND backend_xid IS NOT NULL AND now() - xact_start > interval '100 milliseconds'`,
            )
          ).length > 0,
        60_000,
      );
      await gateway.stop('SIGKILL');
      gateway = await startApp('api-gateway', env);
      const afterRestart = applied('batch');
      await waitFor(
        'more batches after the restart',
        async () => applied('batch') >= afterRestart + 2,
        120_000,
      );

      // SIGKILL pool-manager while a zone's change is being propagated.
      await soonAs(
        'a change being propagated',
        async () => (await sql(`SELECT 1 FROM zones WHERE action = 'UPDATE'`)).length > 0,
        60_000,
      );
      await poolManager.stop('SIGKILL');
      const whilePoolManagerDown = applied('batch');
      await waitFor(
        'a batch while pool-manager is down',
        async () => applied('batch') > whilePoolManagerDown,
        120_000,
      );
      poolManager = await startApp('pool-manager', env);
      const afterPoolManager = applied('batch');
      await waitFor('another batch', async () => applied('batch') > afterPoolManager, 120_000);
    } finally {
      stop = true;
      await stream;
    }

    // The kill caught a batch in the middle of its transaction: its client got no answer, and it left nothing.
    const entriesOf = async (zoneId: string) =>
      sql<Entry>(
        `SELECT id, source, comment, previous_serial::float8 AS previous_serial, serial::float8 AS serial, rrsets
           FROM zone_history WHERE zone_id = $1 ORDER BY created_at, id`,
        [zoneId],
      );
    const comments = new Set(
      (await Promise.all(zones.map((zone) => entriesOf(zone.id)))).flat().map((entry) => entry.comment),
    );
    expect(
      sent.filter(
        (write) => write.kind === 'batch' && write.outcome === 'unknown' && !comments.has(write.tag),
      ).length,
    ).toBeGreaterThan(0);
    // Nothing was refused: every answer was the change, or no answer at all.
    expect(
      sent.filter((write) => write.outcome === 'refused').map((write) => [write.tag, write.status]),
    ).toEqual([]);

    for (const zone of zones) {
      const [row] = await sql<{ serial: string }>('SELECT serial FROM zones WHERE id = $1', [zone.id]);
      const entries = await entriesOf(zone.id);
      // One chain of serials, from the zone's creation to its serial now.
      expect(entries[0]).toMatchObject({ source: 'api', previous_serial: null });
      const breaks = entries.flatMap((entry, i) =>
        i > 0 && (entry.previous_serial !== entries[i - 1].serial || entry.serial <= entry.previous_serial)
          ? [`${entry.previous_serial} → ${entry.serial} after ${entries[i - 1].serial}`]
          : [],
      );
      expect(breaks).toEqual([]);
      expect(entries.at(-1)!.serial).toBe(Number(row.serial));

      // The record sets are the replay of the history: each entry's `before` is what was there.
      const replayed = new Map<string, State>();
      const mismatches: string[] = [];
      for (const entry of entries)
        for (const set of entry.rrsets) {
          const key = `${set.name} ${set.type}`;
          const found = stateText(replayed.get(key) ?? null);
          if (found !== stateText(set.before))
            mismatches.push(
              `${entry.comment ?? entry.source}: ${key} was ${found}, not ${stateText(set.before)}`,
            );
          if (set.after) replayed.set(key, set.after);
          else replayed.delete(key);
        }
      expect(mismatches.slice(0, 5)).toEqual([]);
      const stored = await sql<{ name: string; type: string; ttl: number | null; records: string[] }>(
        `SELECT s.name, s.type, s.ttl, array_agg(r.data) AS records FROM recordsets s JOIN records r ON r.recordset_id = s.id
           WHERE s.zone_id = $1 AND NOT s.managed AND s.action <> 'DELETE' GROUP BY s.id`,
        [zone.id],
      );
      const lines = (sets: [string, State][]) =>
        sets.map(([key, state]) => `${key} ${stateText(state)}`).sort();
      const storedLines = lines(stored.map((set) => [`${set.name} ${set.type}`, set]));
      expect(storedLines.length).toBe(replayed.size);
      expect(storedLines).toEqual(lines([...replayed]));

      // Each batch whole or not at all: applied ones whole, with their one entry.
      const byComment = new Map(entries.map((entry) => [entry.comment, entry]));
      const created = await sql<{ batch: string; count: number }>(
        `SELECT split_part(name, '-', 1) AS batch, count(*)::int AS count FROM recordsets
           WHERE zone_id = $1 AND name LIKE 'b%' GROUP BY 1`,
        [zone.id],
      );
      const createdBy = new Map(created.map((row) => [row.batch, row.count]));
      for (const write of sent.filter((w) => w.kind === 'batch' && w.zoneId === zone.id)) {
        const entry = byComment.get(write.tag);
        const count = createdBy.get(`b${write.tag.split(' ')[1]}`) ?? 0;
        expect([write.tag, write.outcome, count]).toEqual([write.tag, write.outcome, entry ? CREATES : 0]);
        if (write.outcome === 'applied') expect([write.tag, entry?.source]).toEqual([write.tag, 'batch']);
        if (entry)
          expect(entry.rrsets.filter((set) => set.before === null).length).toBeGreaterThanOrEqual(CREATES);
      }
      // Each acknowledged single create there, with its entry.
      const singles = new Set(
        entries.flatMap((entry) => (entry.source === 'api' ? entry.rrsets.map((set) => set.name) : [])),
      );
      for (const write of sent.filter(
        (w) => w.kind === 'single' && w.zoneId === zone.id && w.outcome === 'applied',
      ))
        expect([write.tag, singles.has(write.tag), replayed.has(`${write.tag} TXT`)]).toEqual([
          write.tag,
          true,
          true,
        ]);
    }

    // pool-manager, back, propagates every change: each zone served at its serial, its last change ACTIVE.
    for (const zone of zones) {
      await waitFor(
        `${zone.name} to be propagated`,
        async () =>
          (
            await sql(`SELECT 1 FROM zones WHERE id = $1 AND action = 'NONE' AND status = 'ACTIVE'`, [
              zone.id,
            ])
          ).length === 1,
        60_000,
      );
      const { body } = await call(
        'GET',
        `/v2/zones/${zone.id}/changes?sort_key=serial&sort_dir=desc&limit=1`,
      );
      const [last] = body.changes as (Entry & { status: string })[];
      const [row] = await sql<{ serial: string }>('SELECT serial FROM zones WHERE id = $1', [zone.id]);
      expect([last.serial, last.status]).toEqual([Number(row.serial), 'ACTIVE']);
      const soa = await querySoa({ host: '127.0.0.1', port: miniDnsPort }, zone.name, 2000);
      expect(soa.present && soa.serial).toBe(Number(row.serial));
    }
  }, 600_000);
});
