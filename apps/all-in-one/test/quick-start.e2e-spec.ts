import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ManagedProcess, REPO_ROOT, freePort, metricSample, teardown, waitFor } from '@zonewarden/testing';

/**
 * `npm start` on a machine with nothing set up: no DATABASE_URL, no AMQP_URL. Everything runs in one
 * process on an embedded PostgreSQL and the in-process transport, and what it prints works as printed.
 */
describe('all-in-one on embedded defaults', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewarden-quick-start-'));
  // A directory as a checkout has it (mkdtemp's is private, which PostgreSQL's own user could not enter).
  fs.chmodSync(dataDir, 0o755);
  let env: NodeJS.ProcessEnv;
  let app: ManagedProcess;
  let api: string;
  let token: string;

  const start = async () => {
    app = ManagedProcess.start(
      'all-in-one',
      process.execPath,
      [path.join(REPO_ROOT, 'apps/all-in-one/dist/main.js')],
      env,
    );
    await app.waitForOutput(/Ctrl-C stops it/, 60_000);
    api = /API: +(\S+)\/v2/.exec(app.output)?.[1] as string;
    token = /Token: +(\S+)/.exec(app.output)?.[1] as string;
  };
  const call = async (method: string, url: string, body?: unknown, type = 'application/json') => {
    const response = await fetch(`${api}${url}`, {
      method,
      headers: { 'X-Auth-Token': token, ...(body === undefined ? {} : { 'Content-Type': type }) },
      body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown>,
    };
  };
  const printed = (command: string) =>
    app.output
      .split('\n')
      .find((line) => line.trimStart().startsWith(`${command} `))
      ?.trim() as string;
  const metrics = async () => (await fetch(`${api}/metrics`)).text();
  const bash = (command: string) => execFileSync('bash', ['-c', command], { encoding: 'utf8' });

  beforeAll(async () => {
    env = { PATH: process.env.PATH, HOME: process.env.HOME, ZONEWARDEN_DATA_DIR: dataDir };
    env.API_PORT = String(await freePort());
    env.MINIDNS_PORT = String(await freePort());
    env.OPS_PORT = String(await freePort());
    await start();
  }, 90_000);

  afterAll(() =>
    teardown(
      () => app?.stop(),
      () => fs.rmSync(dataDir, { recursive: true, force: true }),
    ),
  );

  it('prints the API URL, a token, the DNS port, and a curl and dig example that work as printed', async () => {
    expect(api).toBe(`http://127.0.0.1:${env.API_PORT}`);
    expect(token).toMatch(/^zw_/);
    expect(app.output).toContain(`port ${env.MINIDNS_PORT}`);
    const before = await metrics();
    const created = JSON.parse(bash(printed('curl'))) as { name: string; id: string };
    expect(created.name).toBe('example.org.');
    let soa = '';
    await waitFor('the printed dig to answer', () => (soa = bash(printed('dig'))).trim() !== '', 10_000);
    expect(soa).toMatch(/^ns1\.\S+ hostmaster\.example\.org\. \d+ /);
    // One /metrics for every app of the process: the change went through relay, pool-manager and targets.
    const counters = [
      'zonewarden_zone_changes_total{action="CREATE"}',
      'zonewarden_outbox_lag_seconds_count{pattern="zone.created"}',
      'zonewarden_messages_consumed_total{pattern="zone.created"}',
      'zonewarden_propagation_seconds_count{action="CREATE"}',
    ];
    await waitFor('the counters to move', async () => {
      const after = await metrics();
      return counters.every((series) => metricSample(after, series) === metricSample(before, series) + 1);
    });
    // The in-process queues, dead-letter ones included, are watched too; nothing waits, nothing failed.
    const queues = await metrics();
    for (const queue of [
      'zonewarden.pool-manager',
      'zonewarden.pool-manager.dead',
      'zonewarden.zone-worker.dead',
    ])
      expect(queues).toContain(`zonewarden_in_process_queue_messages{queue="${queue}"} 0`);
  });

  it('serves the operations endpoint on OPS_PORT: readiness and the metrics of every app', async () => {
    const ops = `http://127.0.0.1:${env.OPS_PORT}`;
    expect((await fetch(`${ops}/health/ready`)).status).toBe(200);
    expect(await (await fetch(`${ops}/metrics`)).text()).toContain(
      '# TYPE zonewarden_messages_consumed_total counter',
    );
  });

  it('runs zonefile imports through zone-worker and record set changes through pool-manager to mini-dns', async () => {
    const zonefile = [
      '$ORIGIN imported.test.',
      '$TTL 300',
      '@ IN SOA ns1.imported.test. admin.imported.test. 1 3600 600 86400 300',
      '@ IN NS ns1.imported.test.',
      'www IN A 192.0.2.7',
    ].join('\n');
    const task = await call('POST', '/v2/zones/tasks/imports', zonefile, 'text/dns');
    expect(task.status).toBe(201);
    let status = '';
    await waitFor('the import to complete', async () => {
      status = (await call('GET', `/v2/zones/tasks/imports/${String(task.body.id)}`)).body.status as string;
      return status !== 'PENDING';
    });
    expect(status).toBe('COMPLETE');
    const zones = await call('GET', '/v2/zones?name=example.org.');
    const zoneId = (zones.body.zones as Array<{ id: string }>)[0].id;
    const set = await call('POST', `/v2/zones/${zoneId}/recordsets`, {
      name: 'www.example.org.',
      type: 'A',
      records: ['192.0.2.10'],
    });
    expect(set.status).toBe(201);
    const dig = (name: string) => bash(`dig @127.0.0.1 -p ${env.MINIDNS_PORT} ${name} A +short`).trim();
    await waitFor('www.example.org to be served', () => dig('www.example.org') === '192.0.2.10', 10_000);
    await waitFor('www.imported.test to be served', () => dig('www.imported.test') === '192.0.2.7', 10_000);
  });

  it('stops cleanly on SIGTERM, embedded PostgreSQL included, and starts again on the same data and token', async () => {
    const firstToken = token;
    await app.stop('SIGTERM', 30_000);
    expect(app.child.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    await start();
    expect(token).toBe(firstToken);
    const zones = await call('GET', '/v2/zones');
    expect((zones.body.zones as Array<{ name: string }>).map((zone) => zone.name).sort()).toEqual([
      'example.org.',
      'imported.test.',
    ]);
    expect(bash(`dig @127.0.0.1 -p ${env.MINIDNS_PORT} www.example.org A +short`).trim()).toBe('192.0.2.10');
  }, 90_000);

  it('starts again after being killed (SIGKILL), stopping the PostgreSQL server the killed start left running', async () => {
    await app.stop('SIGKILL');
    await start();
    expect(app.output).toMatch(
      /stopping the embedded PostgreSQL \(pid \d+\) left running by an earlier start/,
    );
    expect((await call('GET', '/v2/zones')).status).toBe(200);
  }, 90_000);
});
