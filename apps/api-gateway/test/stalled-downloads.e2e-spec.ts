import * as net from 'node:net';
import { Client } from 'pg';
import {
  AllInOne,
  TestDatabase,
  as,
  createTestDatabase,
  startAllInOne,
  teardown,
  waitFor,
} from '@zonewarden/testing';

const RECORDS = 80_000;
const STALLED_CLIENTS = 100;
const POOL_SIZE = 12;
const headers = { ...as('stall'), 'Content-Type': 'application/json' };

/** A client that asks for the export and never reads: its socket stays open, its window fills. */
function stalledDownload(port: number, exportId: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `GET /v2/zones/tasks/exports/${exportId}/export HTTP/1.1\r\nHost: x\r\n` +
          `X-Auth-Project-ID: stall\r\nX-Roles: member\r\n\r\n`,
      );
      socket.pause();
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  // Generous: under a full parallel test run the 80,000-record import and export take minutes, not seconds.
  await waitFor(what, async () => done((value = await read())), 150_000);
  return value;
}

/**
 * Clients that start an export download and stop reading hold nothing the API needs: no database
 * connection or transaction waits on them, the API keeps answering, and SIGTERM stops the process in time.
 */
describe('stalled export downloads', () => {
  let db: TestDatabase;
  let service: AllInOne;
  let admin: Client;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startAllInOne(db.url, { DATABASE_POOL_SIZE: String(POOL_SIZE) });
    admin = new Client({ connectionString: db.url });
    await admin.connect();
  }, 90_000);

  afterAll(() =>
    teardown(
      () => sockets.forEach((socket) => socket.destroy()),
      () => admin?.end(),
      () => service?.process.stop(),
      () => db?.drop(),
    ),
  );

  it('keeps the API answering and no transaction open while 100 downloads stall; SIGTERM stops it in < 10 s', async () => {
    const lines = Array.from(
      { length: RECORDS },
      (_, i) => `r${i} TXT "record number ${i} of the stall test"`,
    );
    const zonefile = `$ORIGIN stall.test.\n$TTL 300\n@ SOA ns1.stall.test. h.stall.test. 1 2 3 4 5\n@ NS ns1.stall.test.\n${lines.join('\n')}\n`;
    const imported = await (
      await fetch(`${service.api}/v2/zones/tasks/imports`, {
        method: 'POST',
        headers: { ...as('stall'), 'Content-Type': 'text/dns' },
        body: zonefile,
      })
    ).json();
    const task = await until(
      'the import to complete',
      async () => (await fetch(`${service.api}/v2/zones/tasks/imports/${imported.id}`, { headers })).json(),
      (body) => body.status !== 'PENDING',
    );
    expect(task.status).toBe('COMPLETE');
    const requested = await (
      await fetch(`${service.api}/v2/zones/${task.zone_id}/tasks/export`, { method: 'POST', headers })
    ).json();
    await until(
      'the export to complete',
      async () => (await fetch(`${service.api}/v2/zones/tasks/exports/${requested.id}`, { headers })).json(),
      (body) => body.status === 'COMPLETE',
    );

    const port = Number(new URL(service.api).port);
    for (let i = 0; i < STALLED_CLIENTS; i++) sockets.push(await stalledDownload(port, requested.id));
    // Long enough for every download to fill its socket and wait on it.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const sessions = await admin.query<{ application: string; state: string; count: number }>(
      `SELECT application_name AS application, state, count(*)::int AS count FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND (state NOT LIKE 'idle in transaction%' OR query NOT LIKE '%outbox_messages%')
       GROUP BY application_name, state`,
    );
    // The downloads are the gateway's: none of its connections waits in a transaction. (The other apps
    // of the process have their own short transactions, e.g. pool-manager's zone lock while it pushes
    // the imported zone, which a snapshot may catch between two statements; and the outbox relay, which
    // the gateway's name covers, marks what it publishes in the transaction that claimed it.)
    const gatewayWaiting = sessions.rows.filter(
      (row) => row.application === 'zonewarden-api-gateway' && row.state?.startsWith('idle in transaction'),
    );
    expect(gatewayWaiting).toEqual([]);
    const open = sessions.rows.reduce((sum, row) => sum + row.count, 0);
    // The one process's budget: the apps of the all-in-one share DATABASE_POOL_SIZE.
    expect(open).toBeLessThanOrEqual(POOL_SIZE);

    const answers = await Promise.all(
      Array.from({ length: 100 }, () => fetch(`${service.api}/v2/zones/${task.zone_id}`, { headers })),
    );
    expect(answers.map((response) => response.status)).toEqual(Array(100).fill(200));

    const stopping = Date.now();
    await service.process.stop('SIGTERM', 20_000);
    expect(Date.now() - stopping).toBeLessThan(10_000);
  }, 420_000);
});
