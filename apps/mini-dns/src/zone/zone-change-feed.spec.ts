import type { ZoneChangeLogService } from '@zonewarden/domain';
import type { ZoneChangeRow } from '@zonewarden/persistence';
import { ZoneChangeFeed } from './zone-change-feed';

/** A change log whose visible rows and snapshot horizon the spec sets. */
function log() {
  const state = { rows: [] as ZoneChangeRow[], finishedBelow: 10, prunedBelow: 0 };
  const repository = {
    position: async () => ({ finishedBelow: state.finishedBelow, prunedBelow: state.prunedBelow }),
    page: async (from: number, after: ZoneChangeRow | undefined) =>
      after ? [] : state.rows.filter((row) => row.txid >= from),
  } as unknown as ZoneChangeLogService;
  const row = (id: number, txid: number, name: string) => ({ id: String(id), txid, name });
  return { state, repository, row };
}

describe('ZoneChangeFeed', () => {
  it('applies a row committed after a later one was read, and each row once', async () => {
    const { state, repository, row } = log();
    const feed = new ZoneChangeFeed(repository);
    await feed.start();
    const applied: string[][] = [];
    const apply = async (names: Set<string>) => void applied.push([...names]);
    // Transaction 11 took id 1 and is still running; transaction 12 (id 2) committed.
    state.rows = [row(2, 12, 'early.test.')];
    state.finishedBelow = 11;
    await feed.catchUp(apply);
    state.rows.push(row(1, 11, 'late.test.'));
    state.finishedBelow = 13;
    await feed.catchUp(apply);
    await feed.catchUp(apply);
    expect(applied).toEqual([['early.test.'], ['late.test.']]);
  });

  it('does not move when applying fails, and reports a gap when unread rows were pruned', async () => {
    const { state, repository, row } = log();
    const feed = new ZoneChangeFeed(repository);
    await feed.start();
    state.rows = [row(1, 10, 'a.test.')];
    state.finishedBelow = 11;
    await expect(feed.catchUp(() => Promise.reject(new Error('storage is down')))).rejects.toThrow();
    const applied: string[] = [];
    await expect(feed.catchUp(async (names) => void applied.push(...names))).resolves.toBe(true);
    expect(applied).toEqual(['a.test.']);
    state.prunedBelow = 12;
    await expect(feed.catchUp(async () => undefined)).resolves.toBe(false);
  });
});
