import { OutboxRepository, PrismaService } from '@zonewarden/persistence';
import { TestDatabase, createTestDatabase } from '@zonewarden/testing';

/** The relay's clean-up: published messages older than the retention go, the rest stays. */
describe('outbox clean-up', () => {
  let db: TestDatabase;
  let prisma: PrismaService;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 1 });
  });

  afterAll(async () => {
    await prisma?.close();
    await db?.drop();
  });

  it('deletes the messages published before the cutoff, and says how many', async () => {
    await prisma.pg.query(`INSERT INTO outbox_messages (id, pattern, payload, published_at) VALUES
      (gen_random_uuid(), 'old', '{}', now() - interval '2 hours'),
      (gen_random_uuid(), 'old', '{}', now() - interval '90 minutes'),
      (gen_random_uuid(), 'recent', '{}', now() - interval '10 minutes'),
      (gen_random_uuid(), 'pending', '{}', NULL)`);
    const outbox = new OutboxRepository(prisma);
    expect(await outbox.deletePublishedBefore(new Date(Date.now() - 3_600_000))).toBe(2);
    const { rows } = await prisma.pg.query('SELECT pattern FROM outbox_messages ORDER BY pattern');
    expect(rows.map((row) => row.pattern)).toEqual(['pending', 'recent']);
    expect(await outbox.deletePublishedBefore(new Date(Date.now() - 3_600_000))).toBe(0);
  });
});
