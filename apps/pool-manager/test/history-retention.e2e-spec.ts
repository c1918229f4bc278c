import { randomUUID } from 'node:crypto';
import { DEFAULT_POOL_ID, defaultPools } from '@zonewarden/config';
import { PoolsRepository, PrismaService } from '@zonewarden/persistence';
import {
  ManagedProcess,
  TestDatabase,
  appsEnv,
  createTestDatabase,
  deleteNamespace,
  freePort,
  startApp,
  teardown,
  waitFor,
} from '@zonewarden/testing';

const DAY_MS = 86_400_000;

/**
 * The zones' history is bounded (ZONE_HISTORY_MAX_ENTRIES per zone, ZONE_HISTORY_MAX_AGE_DAYS): pool-manager
 * prunes it, at start and periodically, keeping each zone's newest entries within the age.
 */
describe("pool-manager prunes the zones' history beyond its retention", () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let env: Record<string, string>;
  let poolManager: ManagedProcess | undefined;

  /** A zone (nothing pending) whose history has an entry per age, in days; its serials count from 1. */
  async function zoneWithHistory(name: string, ageInDays: number[]): Promise<string> {
    const id = randomUUID();
    await prisma.pg.query(
      `INSERT INTO zones (id, project_id, pool_id, name, email, ttl, serial, action)
       VALUES ($1, 'project-retention', $2, $3, 'hostmaster@example.com', 3600, $4, 'NONE')`,
      [id, DEFAULT_POOL_ID, name, ageInDays.length],
    );
    for (const [i, days] of ageInDays.entries())
      await prisma.pg.query(
        `INSERT INTO zone_history (id, zone_id, source, actor, previous_serial, serial, rrsets, created_at)
         VALUES ($1, $2, 'api', '{}', $3, $4, '[]', $5)`,
        [randomUUID(), id, i === 0 ? null : i, i + 1, new Date(Date.now() - days * DAY_MS)],
      );
    return id;
  }
  const serialsOf = async (zoneId: string) =>
    (
      await prisma.pg.query<{ serial: number }>(
        'SELECT serial::int AS serial FROM zone_history WHERE zone_id = $1 ORDER BY serial',
        [zoneId],
      )
    ).rows.map((row) => row.serial);
  const entries = async () =>
    Number((await prisma.pg.query('SELECT count(*) FROM zone_history')).rows[0].count);

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 2 });
    await new PoolsRepository(prisma).sync(defaultPools({ host: '127.0.0.1', port: 5354 }));
    env = {
      ...appsEnv(db.url),
      MINIDNS_PORT: String(await freePort()),
      ZONE_HISTORY_MAX_ENTRIES: '3',
      ZONE_HISTORY_MAX_AGE_DAYS: '30',
    };
  });
  afterAll(() =>
    teardown(
      () => poolManager?.stop(),
      () => prisma?.close(),
      () => env && deleteNamespace(env.AMQP_NAMESPACE).catch(() => undefined),
      () => db?.drop(),
    ),
  );

  it('keeps the newest ZONE_HISTORY_MAX_ENTRIES of each zone, none older than ZONE_HISTORY_MAX_AGE_DAYS', async () => {
    const recent = (count: number) => Array.from({ length: count }, (_, i) => (count - i) / 1440);
    const crowded = await zoneWithHistory('crowded.test.', recent(6));
    const aged = await zoneWithHistory('aged.test.', [40, 31, 29]);
    const both = await zoneWithHistory('both.test.', [60, ...recent(4)]);
    const within = await zoneWithHistory('within.test.', [29, 1, 0]);
    const small = await zoneWithHistory('small.test.', [2]);
    expect(await entries()).toBe(18);

    poolManager = await startApp('pool-manager', env);
    await waitFor('the history to be pruned', async () => (await entries()) === 11);
    expect(await serialsOf(crowded)).toEqual([4, 5, 6]);
    expect(await serialsOf(aged)).toEqual([3]);
    expect(await serialsOf(both)).toEqual([3, 4, 5]);
    expect(await serialsOf(within)).toEqual([1, 2, 3]);
    expect(await serialsOf(small)).toEqual([1]);
  });
});
