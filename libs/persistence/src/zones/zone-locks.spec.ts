import { randomUUID } from 'node:crypto';
import { PrismaService } from '../prisma.service';
import { ZoneLocks } from './zone-locks';

// Advisory locks need no schema: the server's maintenance database, with ids no other run uses.
const URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

describe('ZoneLocks', () => {
  let prismas: PrismaService[];
  let first: ZoneLocks;
  let second: ZoneLocks;

  beforeEach(() => {
    prismas = [0, 1].map(() => new PrismaService({ url: URL, poolSize: 3 }));
    [first, second] = prismas.map((prisma) => new ZoneLocks(prisma));
    first.prepare();
    second.prepare();
  });

  afterEach(async () => {
    for (const prisma of prismas) await prisma.close();
  });

  /** Resolves when `gate` is opened; `open` opens it. */
  function gate(): { opened: Promise<void>; open: () => void } {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  }

  it('works on more zones at once than the process has connections', async () => {
    const { opened, open } = gate();
    let inside = 0;
    const zones = Array.from({ length: 20 }, () => randomUUID());
    const all = Promise.all(
      zones.map((zone) =>
        first.withZoneLock(zone, async () => {
          inside++;
          await opened;
        }),
      ),
    );
    for (let i = 0; i < 100 && inside < zones.length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(inside).toBe(zones.length);
    open();
    await all;
  });

  it('keeps work on one zone apart across processes, and lets the waiter in once it ends', async () => {
    const zone = randomUUID();
    const { opened, open } = gate();
    const order: string[] = [];
    const holding = first.withZoneLock(zone, async () => {
      order.push('first in');
      await opened;
      order.push('first out');
    });
    while (order.length === 0) await new Promise((r) => setTimeout(r, 5));
    const waiting = second.withZoneLock(zone, async () => void order.push('second in'));
    // Another zone is not held up by the busy one.
    await second.withZoneLock(randomUUID(), async () => void order.push('other zone'));
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual(['first in', 'other zone']);
    open();
    await Promise.all([holding, waiting]);
    expect(order).toEqual(['first in', 'other zone', 'first out', 'second in']);
  });

  it('returns the lock connection to its pool when no lock is held, so that closing does not wait', async () => {
    await first.withZoneLock(randomUUID(), async () => undefined);
    await expect(prismas[0].close()).resolves.toBeUndefined();
  });
});
