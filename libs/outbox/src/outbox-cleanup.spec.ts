import { OutboxRepository } from '@zonewarden/persistence';
import { storageForTests } from '@zonewarden/testing';

/** The relay's clean-up: published messages older than the retention go, the rest stays. */
describe('outbox clean-up', () => {
  const storage = storageForTests();

  it('deletes the messages published before the cutoff, and says how many', async () => {
    await storage.prisma.pg.query(`INSERT INTO outbox_messages (id, pattern, payload, published_at) VALUES
      (gen_random_uuid(), 'old', '{}', now() - interval '2 hours'),
      (gen_random_uuid(), 'old', '{}', now() - interval '90 minutes'),
      (gen_random_uuid(), 'recent', '{}', now() - interval '10 minutes'),
      (gen_random_uuid(), 'pending', '{}', NULL)`);
    const outbox = new OutboxRepository(storage.prisma);
    expect(await outbox.deletePublishedBefore(new Date(Date.now() - 3_600_000))).toBe(2);
    const { rows } = await storage.prisma.pg.query('SELECT pattern FROM outbox_messages ORDER BY pattern');
    expect(rows.map((row) => row.pattern)).toEqual(['pending', 'recent']);
    expect(await outbox.deletePublishedBefore(new Date(Date.now() - 3_600_000))).toBe(0);
  });
});
