import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DEFAULT_POOL_ID } from '@zonewarden/config';
import { exchange } from '@zonewarden/dns';
import { PrismaService, ZoneChangesRepository } from '@zonewarden/persistence';
import {
  APP_POOL_SIZE,
  ManagedProcess,
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

/** Records per zone written by `createZone`: SOA, NS and two A records. */
const ZONE_RECORDS = 4;

/**
 * mini-dns follows storage through the zone change log alone (no zone event is ever published here):
 * zones written straight into PostgreSQL are served, updated and dropped after a catch-up; the records in
 * memory stay within MINIDNS_CACHE_MAX_RECORDS; a change whose row id commits out of order is not skipped.
 */
describe('mini-dns follows the zone change log', () => {
  let db: TestDatabase;
  let sql: Client;
  let miniDns: ManagedProcess;
  let namespace: string;
  let port: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    // The default pool, as mini-dns writes it from its pools file when it starts.
    await sql.query(`INSERT INTO pools (id, name) VALUES ($1, 'default')`, [DEFAULT_POOL_ID]);
    await createZone(sql, 'parent.test.', ['192.0.2.1', '192.0.2.2']);
    port = await freePort();
    namespace = uniqueNamespace();
    miniDns = await startApp('mini-dns', {
      DATABASE_URL: db.url,
      AMQP_URL: TEST_AMQP_URL,
      AMQP_NAMESPACE: namespace,
      DATABASE_POOL_SIZE: APP_POOL_SIZE,
      MINIDNS_PORT: String(port),
      MINIDNS_CATCH_UP_INTERVAL_MS: '200',
      // Room for three zones of four records.
      MINIDNS_CACHE_MAX_RECORDS: String(3 * ZONE_RECORDS),
    });
    await miniDns.waitForOutput(/serving DNS on/);
  });
  afterAll(() =>
    teardown(
      () => miniDns?.stop(),
      () => namespace && deleteNamespace(namespace).catch(() => undefined),
      () => sql?.end(),
      () => db?.drop(),
    ),
  );

  /** The response code and the addresses of `www.<zone>`. */
  const www = async (zone: string) => {
    const reply = await exchange(
      { host: '127.0.0.1', port },
      { type: 'query', flags: 0, questions: [{ type: 'A', name: `www.${zone}`.replace(/\.$/, '') }] },
      1000,
    );
    const addresses = (reply.answers ?? []).map((answer) => answer.data as string).sort();
    return { rcode: reply.rcode, addresses };
  };
  const answers = (zone: string, addresses: string[]) =>
    waitFor(`www.${zone} to answer ${addresses.join(' ')}`, async () => {
      const reply = await www(zone);
      return reply.rcode === 'NOERROR' && reply.addresses.join() === [...addresses].sort().join();
    });
  const changeRows = async () =>
    Number((await sql.query(`SELECT count(*) AS n FROM zone_changes`)).rows[0].n);

  it('serves a zone created in storage, follows its changes, and NXDOMAINs it once deleted', async () => {
    await answers('parent.test.', ['192.0.2.1', '192.0.2.2']);
    const id = await createZone(sql, 'kid.parent.test.', ['198.51.100.1']);
    await answers('kid.parent.test.', ['198.51.100.1']);

    await setAddresses(sql, id, ['198.51.100.2', '198.51.100.3']);
    await sql.query(`UPDATE zones SET serial = serial + 1 WHERE id = $1`, [id]);
    await answers('kid.parent.test.', ['198.51.100.2', '198.51.100.3']);

    // Columns not served leave no change row.
    const before = await changeRows();
    await sql.query(
      `UPDATE zones SET action_at = now(), action = 'NONE', recordset_count = 7, description = 'x' WHERE id = $1`,
      [id],
    );
    expect(await changeRows()).toBe(before);

    await sql.query(`UPDATE zones SET action = 'DELETE' WHERE id = $1`, [id]);
    await waitFor('the deleted zone to be NXDOMAIN in its parent', async () => {
      const reply = await www('kid.parent.test.');
      return reply.rcode === 'NXDOMAIN';
    });
    await sql.query(`DELETE FROM zones WHERE id = $1`, [id]);
  });

  it('keeps at most MINIDNS_CACHE_MAX_RECORDS records in memory, reading evicted zones again', async () => {
    const zones = ['lru1.test.', 'lru2.test.', 'lru3.test.', 'lru4.test.', 'lru5.test.'];
    const addresses = (i: number) => [`203.0.113.${i}`, `203.0.113.${i + 100}`].sort();
    const ids = [];
    for (const [i, zone] of zones.entries()) ids.push(await createZone(sql, zone, addresses(i)));
    // Queried in turn: lru1 and lru2 make room for lru4 and lru5.
    for (const [i, zone] of zones.entries()) await answers(zone, addresses(i));
    // Changed behind mini-dns' back (no serial bump, no change row): only a zone read again shows it.
    for (const id of [ids[0], ids[4]]) await setAddresses(sql, id, ['192.0.2.99']);
    expect(await www('lru5.test.')).toEqual({ rcode: 'NOERROR', addresses: addresses(4) });
    expect(await www('lru1.test.')).toEqual({ rcode: 'NOERROR', addresses: ['192.0.2.99'] });
    // The others still answer, from memory or read again.
    for (const i of [1, 2, 3])
      expect(await www(zones[i])).toEqual({ rcode: 'NOERROR', addresses: addresses(i) });
  });

  it('applies a change whose row id committed after a later id was read', async () => {
    const slow = new Client({ connectionString: db.url });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      // Takes its change row id first, commits last.
      await createZone(slow, 'late.test.', ['192.0.2.10']);
      await createZone(sql, 'early.test.', ['192.0.2.11']);
      await answers('early.test.', ['192.0.2.11']);
      // Several catch-ups have passed the later id meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 600));
      await slow.query('COMMIT');
      await answers('late.test.', ['192.0.2.10']);
    } finally {
      await slow.end();
    }
  });

  it("pool-manager's prune deletes only rows past the retention, and moves the horizon past them", async () => {
    const prisma = new PrismaService({ url: db.url, poolSize: 1 });
    try {
      const changes = new ZoneChangesRepository(prisma);
      // Three rows past the retention, of transactions long ended (whatever else runs on the server meanwhile).
      await sql.query(`UPDATE zone_changes SET changed_at = changed_at - interval '2 hours', txid = id WHERE id IN (
          SELECT id FROM zone_changes ORDER BY id LIMIT 3)`);
      const [{ txid: newestPruned }] = (
        await sql.query(
          `SELECT max(txid)::float8 AS txid FROM zone_changes WHERE changed_at < now() - interval '1 hour'`,
        )
      ).rows;
      const before = await changeRows();
      expect(await changes.prune(new Date(Date.now() - 3_600_000), 2)).toBe(2);
      expect(await changes.prune(new Date(Date.now() - 3_600_000), 2)).toBe(1);
      expect(await changes.prune(new Date(Date.now() - 3_600_000), 2)).toBe(0);
      expect(await changeRows()).toBe(before - 3);
      expect((await changes.position()).prunedBelow).toBe(newestPruned + 1);
    } finally {
      await prisma.close();
    }
  });

  it('reads every served zone again when changes it had not read were pruned', async () => {
    // Written with the trigger off: no change row.
    await sql.query(`SET session_replication_role = replica`);
    try {
      await createZone(sql, 'unlogged.test.', ['192.0.2.20']);
    } finally {
      await sql.query(`SET session_replication_role = DEFAULT`);
    }
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await www('unlogged.test.')).rcode).toBe('REFUSED');
    // Rows of this very transaction (and before) may be gone: beyond any position mini-dns may hold.
    await sql.query(`UPDATE zone_changes_horizon SET pruned_below = pg_current_xact_id()::text::bigint + 1`);
    await answers('unlogged.test.', ['192.0.2.20']);
  });
});

/** A served PRIMARY zone written straight into storage: SOA, NS and `www` A records; its id. */
async function createZone(db: Client, name: string, addresses: string[]): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO zones (id, project_id, pool_id, name, email, ttl, serial, status, action)
      VALUES ($1, 'project', $2, $3, $4, 300, 1, 'ACTIVE', 'NONE')`,
    [id, DEFAULT_POOL_ID, name, `hostmaster@${name.slice(0, -1)}`],
  );
  const sets = [
    { name, type: 'SOA', records: [`ns1.${name} hostmaster.${name} 1 3600 600 86400 60`] },
    { name, type: 'NS', records: [`ns1.${name}`] },
    { name: `www.${name}`, type: 'A', records: addresses },
  ];
  for (const set of sets) {
    const setId = randomUUID();
    await db.query(
      `INSERT INTO recordsets (id, zone_id, project_id, name, type, status, action)
        VALUES ($1, $2, 'project', $3, $4, 'ACTIVE', 'NONE')`,
      [setId, id, set.name, set.type],
    );
    for (const data of set.records)
      await db.query(`INSERT INTO records (id, recordset_id, data) VALUES ($1, $2, $3)`, [
        randomUUID(),
        setId,
        data,
      ]);
  }
  return id;
}

/** Replaces the zone's `www` A records (the zone's serial unchanged). */
async function setAddresses(db: Client, zoneId: string, addresses: string[]): Promise<void> {
  const { rows } = await db.query(`SELECT id FROM recordsets WHERE zone_id = $1 AND type = 'A'`, [zoneId]);
  await db.query(`DELETE FROM records WHERE recordset_id = $1`, [rows[0].id]);
  for (const data of addresses)
    await db.query(`INSERT INTO records (id, recordset_id, data) VALUES ($1, $2, $3)`, [
      randomUUID(),
      rows[0].id,
      data,
    ]);
}
