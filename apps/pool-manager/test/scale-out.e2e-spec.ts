import pLimit from 'p-limit';
import { querySoa } from '@zonewarden/dns';
import { PrismaService } from '@zonewarden/persistence';
import {
  ManagedProcess,
  TestDatabase,
  appsEnv,
  as,
  createTestDatabase,
  deadLetterCounts,
  deleteNamespace,
  freePort,
  metricSample,
  startApp,
  startTogether,
  teardown,
  waitFor,
} from '@zonewarden/testing';

const CREATIONS = 300;
const IMPORTS = 30;
const DELETIONS = 50;
/** Requests the test has in flight at once. */
const IN_FLIGHT = 12;
const PROJECTS = ['scale-a', 'scale-b', 'scale-c', 'scale-d'];

/** An app of which the test reads the /metrics (OPS_PORT). */
interface Instance {
  app: ManagedProcess;
  opsPort: number;
}

/** What the API answers about a zone or an import task, as far as the test reads it. */
interface Resource {
  id: string;
  status: string;
  message?: string;
  version: number;
  zone_id?: string;
}

const createdName = (i: number) => `c${i}.scale.test.`;
const importedName = (i: number) => `i${i}.scale.test.`;
const projectOf = (i: number) => PROJECTS[i % PROJECTS.length];
/** A small zonefile of its own for import `i`: its SOA, its NS and one A record. */
const zonefile = (i: number) =>
  `$ORIGIN ${importedName(i)}\n@ 300 SOA ns1 hostmaster 1 3600 600 86400 300\n@ 300 NS ns1\nwww 300 A 192.0.2.${i + 1}\n`;

/**
 * Operators scale pool-manager and zone-worker independently: two of each on one broker and one
 * database share the work (competing consumers on one queue, zone locks and claims in storage), and
 * every zone converges once, every import completes once, nothing is dead-lettered.
 */
describe('two pool-managers and two zone-workers on one broker', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let env: Record<string, string>;
  let api: string;
  let dnsPort: number;
  /** Every app started, for the teardown. */
  const apps: ManagedProcess[] = [];
  let poolManagers: Instance[] = [];
  let zoneWorkers: Instance[] = [];
  const createdIds: string[] = [];

  const call = async (
    method: string,
    url: string,
    project: string,
    body?: string,
    type = 'application/json',
  ) => {
    const res = await fetch(`${api}${url}`, {
      method,
      headers: { ...as(project), 'Content-Type': type },
      body,
    });
    return { status: res.status, body: (res.status === 204 ? undefined : await res.json()) as Resource };
  };
  /** Runs `count` calls, IN_FLIGHT at a time, and returns their results in order. */
  const inFlight = <T>(count: number, work: (i: number) => Promise<T>) => {
    const limit = pLimit(IN_FLIGHT);
    return Promise.all(Array.from({ length: count }, (_, i) => limit(() => work(i))));
  };
  const metricsOf = async ({ opsPort }: Instance) =>
    (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text();
  /** The sum of one series over the instances, and each instance's value. */
  const sampled = async (instances: Instance[], series: string) => {
    const each = await Promise.all(
      instances.map(async (instance) => metricSample(await metricsOf(instance), series)),
    );
    return { total: each.reduce((sum, value) => sum + value, 0), each };
  };
  /** Waits until the series' sum over the instances reaches `count`, then returns it and each value. */
  const counted = async (instances: Instance[], series: string, count: number) => {
    await waitFor(
      `${series} to reach ${count}`,
      async () => (await sampled(instances, series)).total >= count,
      15_000,
    );
    return sampled(instances, series);
  };
  /** The serial mini-dns serves for a zone, or its answer's status when it does not serve it. */
  const servedByMiniDns = async (name: string) => {
    const soa = await querySoa({ host: '127.0.0.1', port: dnsPort }, name, 2000);
    return soa.present ? String(soa.serial) : soa.rcode;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2 });
    const apiPort = await freePort();
    dnsPort = await freePort();
    env = {
      // Six apps of 4 connections and the test's 2: 26 of the machine's 100.
      ...appsEnv(db.url),
      AUTH_STRATEGY: 'noauth',
      API_PORT: String(apiPort),
      MINIDNS_HOST: '127.0.0.1',
      MINIDNS_PORT: String(dnsPort),
      // Both pool-managers' reconcilers take up every pending zone each second, racing the events for
      // them, and both zone-workers request again an import pending for a second: the same zone or
      // import is taken up by two apps at once, as after a lost ack or a restart.
      RECONCILE_INTERVAL_MS: '1000',
      RECONCILE_AFTER_MS: '0',
      TASK_REDRIVE_AFTER_MS: '1000',
      TASK_REDRIVE_INTERVAL_MS: '200',
    };
    api = `http://127.0.0.1:${apiPort}`;
    apps.push(await startApp('api-gateway', env));
    const names = ['mini-dns', 'pool-manager', 'pool-manager', 'zone-worker', 'zone-worker'];
    const opsPorts: number[] = [];
    for (const _ of names) opsPorts.push(await freePort());
    const started = await startTogether<ManagedProcess[]>(
      ...names.map((name, i) => startApp(name, { ...env, OPS_PORT: String(opsPorts[i]) })),
    );
    apps.push(...started);
    const instances = started.map((app, i) => ({ app, opsPort: opsPorts[i] }));
    poolManagers = instances.slice(1, 3);
    zoneWorkers = instances.slice(3);
  }, 120_000);

  afterAll(() =>
    teardown(
      () => Promise.all(apps.map((app) => app.stop())),
      () => prisma?.close(),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('spreads 300 creations and 30 imports over both of each: every zone converges once, every import completes once', async () => {
    const created = await inFlight(CREATIONS, (i) =>
      call(
        'POST',
        '/v2/zones',
        projectOf(i),
        JSON.stringify({ name: createdName(i), email: 'ops@scale.test' }),
      ),
    );
    expect(created.map((res) => res.status).filter((status) => status !== 201)).toEqual([]);
    createdIds.push(...created.map((res) => res.body.id!));
    const requested = await inFlight(IMPORTS, (i) =>
      call('POST', '/v2/zones/tasks/imports', projectOf(i), zonefile(i), 'text/dns'),
    );
    expect(requested.map((res) => res.status).filter((status) => status !== 201)).toEqual([]);

    const zones = CREATIONS + IMPORTS;
    await waitFor(
      `the ${zones} zones to be ACTIVE/NONE and the ${IMPORTS} imports COMPLETE`,
      async () =>
        (await prisma.zone.count({ where: { status: 'ACTIVE', action: 'NONE' } })) === zones &&
        (await prisma.zoneImport.count({ where: { status: 'COMPLETE' } })) === IMPORTS,
      60_000,
    );

    // Every import completed once: its zone, one of it, with its record set once; version 2 (one change).
    const imports = await inFlight(IMPORTS, async (i) => {
      const done = (await call('GET', `/v2/zones/tasks/imports/${requested[i].body.id}`, projectOf(i))).body;
      return { name: importedName(i), done };
    });
    for (const { name, done } of imports)
      expect([name, done.status, done.message, done.version]).toEqual([
        name,
        'COMPLETE',
        `${name} imported`,
        2,
      ]);
    const importedZones = await prisma.zone.findMany({
      where: { id: { in: imports.map(({ done }) => done.zone_id!) } },
      select: { name: true, _count: { select: { recordsets: { where: { type: 'A' } } } } },
    });
    expect(importedZones.map((zone) => [zone.name, zone._count.recordsets]).sort()).toEqual(
      imports.map(({ name }) => [name, 1]).sort(),
    );
    expect(await prisma.zoneImport.count()).toBe(IMPORTS);

    // One zone per name, and mini-dns serves each at its serial.
    const stored = await prisma.zone.findMany({ select: { name: true, serial: true } });
    expect(stored).toHaveLength(zones);
    expect(new Set(stored.map((zone) => zone.name)).size).toBe(zones);
    const served = await inFlight(zones, async (i) => [
      stored[i].name,
      await servedByMiniDns(stored[i].name),
    ]);
    expect(served).toEqual(stored.map((zone) => [zone.name, String(zone.serial)]));

    // Each zone marked propagated exactly once, the work spread over both pool-managers.
    const propagated = await counted(
      poolManagers,
      'zonewarden_propagation_seconds_count{action="CREATE"}',
      zones,
    );
    expect({ 'zones marked propagated': propagated.total }).toEqual({ 'zones marked propagated': zones });
    const consumed = await counted(
      poolManagers,
      'zonewarden_messages_consumed_total{pattern="zone.created"}',
      zones,
    );
    expect(consumed.each).not.toContain(0);
    const imported = await counted(
      zoneWorkers,
      'zonewarden_messages_consumed_total{pattern="zone.import.requested"}',
      IMPORTS,
    );
    expect(imported.each).not.toContain(0);
  }, 120_000);

  it('purges 50 deleted zones once: 404, no longer served, the others untouched', async () => {
    const doomed = createdIds.slice(0, DELETIONS);
    const deleted = await inFlight(DELETIONS, (i) => call('DELETE', `/v2/zones/${doomed[i]}`, projectOf(i)));
    expect(deleted.map((res) => res.status).filter((status) => status !== 202)).toEqual([]);
    await waitFor(
      `the ${DELETIONS} deleted zones to be purged`,
      async () => (await prisma.zone.count({ where: { id: { in: doomed } } })) === 0,
      30_000,
    );
    const gone = await inFlight(DELETIONS, async (i) => [
      (await call('GET', `/v2/zones/${doomed[i]}`, projectOf(i))).status,
      await servedByMiniDns(createdName(i)),
    ]);
    expect(gone).toEqual(doomed.map(() => [404, 'REFUSED']));
    const purged = await counted(
      poolManagers,
      'zonewarden_propagation_seconds_count{action="DELETE"}',
      DELETIONS,
    );
    expect({ 'zones purged': purged.total }).toEqual({ 'zones purged': DELETIONS });
    expect(await prisma.zone.count({ where: { status: 'ACTIVE', action: 'NONE' } })).toBe(
      CREATIONS + IMPORTS - DELETIONS,
    );
  });

  it('dead-lettered nothing, and no zone change failed', async () => {
    const deadLettered = Object.entries(await deadLetterCounts(env.AMQP_NAMESPACE));
    expect(deadLettered.filter(([, count]) => count > 0)).toEqual([]);
    // Any series of these counters above 0, whatever its message or action.
    const failures = [...poolManagers, ...zoneWorkers].map(async (instance) =>
      (await metricsOf(instance))
        .split('\n')
        .filter((line) => /^zonewarden_(messages_failed|propagation_failures)_total\{/.test(line))
        .filter((line) => !line.endsWith(' 0')),
    );
    expect((await Promise.all(failures)).flat()).toEqual([]);
    expect(await prisma.zone.count({ where: { status: 'ERROR' } })).toBe(0);
  });
});
