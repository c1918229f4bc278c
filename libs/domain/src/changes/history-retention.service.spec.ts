import { ZoneHistoryRepository } from '@zonewarden/persistence';
import { HistoryRetentionService } from './history-retention.service';

describe(HistoryRetentionService.name, () => {
  const NOW = new Date('2026-11-28T12:00:00Z');
  const RETENTION = { maxEntries: 1000, maxAgeDays: 30 };

  /** A repository whose prune answers `removed`, one call after the other (0 once they are used up). */
  function serviceRemoving(...removed: number[]) {
    const history = { prune: jest.fn(async () => removed.shift() ?? 0) };
    return { history, sut: new HistoryRetentionService(history as unknown as ZoneHistoryRepository) };
  }

  it('removes what is older than the age and beyond the newest entries of each zone', async () => {
    const { history, sut } = serviceRemoving(3);
    await expect(sut.prune(RETENTION, NOW, 100)).resolves.toBe(3);
    expect(history.prune).toHaveBeenCalledTimes(1);
    expect(history.prune).toHaveBeenCalledWith(new Date('2026-10-29T12:00:00Z'), 1000, 100);
  });

  it('goes on while a statement removes a whole batch (or more: old and crowded entries together)', async () => {
    const { history, sut } = serviceRemoving(100, 150, 100, 99);
    await expect(sut.prune(RETENTION, NOW, 100)).resolves.toBe(449);
    expect(history.prune).toHaveBeenCalledTimes(4);
  });

  it('stops at once when there is nothing to remove', async () => {
    const { history, sut } = serviceRemoving();
    await expect(sut.prune({ maxEntries: 1, maxAgeDays: 365 }, NOW, 100)).resolves.toBe(0);
    expect(history.prune).toHaveBeenCalledWith(new Date('2025-11-28T12:00:00Z'), 1, 100);
  });
});
