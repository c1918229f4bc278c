import { querySoa } from '@zonewarden/dns';
import {
  AllInOne,
  TcpProxy,
  TestDatabase,
  as,
  createTestDatabase,
  startAllInOne,
  waitFor,
  ALL_IN_ONE_POOL_SIZE,
  teardown,
} from '@zonewarden/testing';

const ZONES = ['alpha.test.', 'beta.test.', 'gamma.test.', 'delta.test.', 'epsilon.test.'];

/**
 * mini-dns keeps answering for the zones it serves: from the copy in memory while PostgreSQL is
 * unreachable (serve-stale), and across a restart it is either down or answering, never refusing them.
 */
describe('mini-dns availability', () => {
  let db: TestDatabase;
  let storage: TcpProxy;
  let service: AllInOne;

  const soa = (zone: string) => querySoa({ host: '127.0.0.1', port: service.dnsPort }, zone, 500);

  beforeAll(async () => {
    db = await createTestDatabase();
    storage = await TcpProxy.forUrl(db.url);
    await storage.up();
    // The change log read every 300 ms, so the outage below meets many failed catch-ups.
    service = await startAllInOne(storage.via(db.url), {
      MINIDNS_CATCH_UP_INTERVAL_MS: '300',
      DATABASE_POOL_SIZE: ALL_IN_ONE_POOL_SIZE,
    });
    for (const name of ZONES) {
      const response = await fetch(`${service.api}/v2/zones`, {
        method: 'POST',
        headers: { ...as('availability'), 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, email: `hostmaster@${name.slice(0, -1)}` }),
      });
      expect(response.status).toBe(201);
    }
    for (const zone of ZONES) await waitFor(`${zone} to be served`, async () => (await soa(zone)).present);
  }, 90_000);

  afterAll(() =>
    teardown(
      () => service?.process.stop(),
      () => storage?.down(),
      () => db?.drop(),
    ),
  );

  it('keeps answering every served zone while storage is cut', async () => {
    await storage.down();
    try {
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        for (const zone of ZONES) expect(await soa(zone)).toMatchObject({ present: true });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await storage.up();
    }
    expect(service.process.running).toBe(true);
  });

  it('never refuses a served zone across a restart: down or answering', async () => {
    const outcomes = new Map<string, number>();
    let querying = true;
    const loop = (async () => {
      for (let i = 0; querying; i++) {
        const outcome = await soa(ZONES[i % ZONES.length]).then(
          (state) => (state.present ? 'answered' : state.rcode),
          () => 'no answer',
        );
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    })();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await service.process.stop();
      await service.restart();
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      querying = false;
      await loop;
    }
    expect(outcomes.get('answered')).toBeGreaterThan(10);
    expect(outcomes.get('no answer')).toBeGreaterThan(0);
    expect([...outcomes.keys()].sort()).toEqual(['answered', 'no answer']);
  });
});
