import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import {
  ManagedProcess,
  REPO_ROOT,
  TEST_AMQP_URL,
  TestDatabase,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  teardown,
  uniqueNamespace,
  waitFor,
} from '@zonewarden/testing';

/** The pids of `pid`'s child processes (a cluster primary's workers). */
function children(pid: number): number[] {
  const list = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return list ? list.split(' ').map(Number) : [];
}

/** The pids that logged an answer to `path` (the access log's lines). */
function answeredBy(gateway: ManagedProcess, path: string): Set<number> {
  const pids = gateway.output
    .split('\n')
    .filter((line) => line.includes(`"GET ${path} 200"`))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
  return new Set(pids);
}

/** API_WORKERS=2: node:cluster workers share the API port; the primary replaces one that dies. */
describe('api-gateway with API_WORKERS=2', () => {
  let db: TestDatabase;
  let gateway: ManagedProcess | undefined;
  const namespace = uniqueNamespace();
  let url: string;
  const env = () => ({
    ...process.env,
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '2',
    AMQP_URL: TEST_AMQP_URL,
    AMQP_NAMESPACE: namespace,
    AUTH_STRATEGY: 'noauth',
    API_WORKERS: '2',
  });

  /** The status of a GET on a connection of its own (the primary hands each connection to the next worker). */
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        `${url}${path}`,
        { agent: false, timeout: 5000, headers: { 'X-Auth-Project-ID': 'p', 'X-Roles': 'member' } },
        (res) => res.resume().once('end', () => resolve(res.statusCode ?? 0)),
      );
      req.once('timeout', () => req.destroy(new Error(`GET ${path}: no answer in 5 s`)));
      req.once('error', reject);
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    gateway = await startApp('api-gateway', { ...env(), API_PORT: String(port) });
    await gateway.waitForOutput(/\(2 workers\)/);
  });
  afterAll(() =>
    teardown(
      () => gateway?.stop(),
      () => db?.drop(),
      () => deleteNamespace(namespace),
    ),
  );

  it('answers from both workers', async () => {
    const workers = children(gateway!.child.pid!);
    expect(workers).toHaveLength(2);
    // Connections go to whichever worker accepts first: several at once, until each has answered some.
    await waitFor('both workers to log an answer', async () => {
      const statuses = await Promise.all(Array.from({ length: 10 }, () => get('/v2/zones')));
      expect(statuses.every((status) => status === 200)).toBe(true);
      return answeredBy(gateway!, '/v2/zones').size === 2;
    });
    expect([...answeredBy(gateway!, '/v2/zones')].sort()).toEqual([...workers].sort());
  });

  it('replaces a worker that is killed, and keeps answering meanwhile', async () => {
    const [victim, survivor] = children(gateway!.child.pid!);
    process.kill(victim, 'SIGKILL');
    expect(await get('/v2/zones')).toBe(200);
    let replacement = 0;
    await waitFor('a new worker', async () => {
      replacement = children(gateway!.child.pid!).find((pid) => pid !== survivor && pid !== victim) ?? 0;
      return replacement > 0;
    });
    await gateway!.waitForOutput(new RegExp(`"pid":${replacement}[^\\n]*listening on`));
    await waitFor('the new worker to answer', async () => {
      expect(await get('/v2/zones?limit=1')).toBe(200);
      return answeredBy(gateway!, '/v2/zones?limit=1').has(replacement);
    });
  });

  it('stops every worker on SIGTERM, then exits 0', async () => {
    const workers = children(gateway!.child.pid!);
    const exited = new Promise<number | null>((resolve) => gateway!.child.once('exit', resolve));
    gateway!.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  });

  it('exits 1 when its workers cannot listen (the port is taken) rather than restarting them', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const main = path.join(REPO_ROOT, 'apps/api-gateway/dist/main.js');
    const port = String((taken.address() as net.AddressInfo).port);
    const failing = ManagedProcess.start('api-gateway (port taken)', process.execPath, [main], {
      ...env(),
      API_PORT: port,
    });
    try {
      const exitCode = await new Promise<number | null>((resolve) => failing.child.once('exit', resolve));
      expect(exitCode).toBe(1);
      expect(failing.output).toMatch('before listening: stopping');
    } finally {
      await failing.stop('SIGKILL');
      taken.close();
    }
  });
});
