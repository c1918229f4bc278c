import type { ZoneChangeLogService } from '@zonewarden/domain';
import type { ZoneChangeRow } from '@zonewarden/persistence';

/** Rows read per page of the change log. */
const PAGE = 10_000;

/**
 * A reader's position in the zone change log. Row ids are taken before commit, so they become visible out
 * of order; the position is therefore a transaction horizon: every row of a transaction below it has been
 * applied, and a row above it is read (again) until the horizon passes it, skipped when already applied.
 * The horizon moves to the oldest transaction still running when a catch-up began (`finishedBelow`):
 * any row of an older transaction was committed (or never will be) before that catch-up read.
 */
export class ZoneChangeFeed {
  private horizon = 0;
  /** Rows at or above the horizon already applied: id → txid. */
  private readonly applied = new Map<string, number>();

  constructor(private readonly changes: ZoneChangeLogService) {}

  /** Follows from now on: call before reading the zones' state in full. */
  async start(): Promise<void> {
    this.horizon = (await this.changes.position()).finishedBelow;
    this.applied.clear();
  }

  /**
   * Hands the names of the zones changed since the last catch-up to `apply`; returns false, applying
   * nothing, when rows not yet read may have been pruned (the reader must resynchronise in full). The
   * position moves only once `apply` resolves, so a failed apply is retried by the next catch-up.
   */
  async catchUp(apply: (names: Set<string>) => Promise<void>): Promise<boolean> {
    const { finishedBelow, prunedBelow } = await this.changes.position();
    if (prunedBelow > this.horizon) return false;
    const rows: ZoneChangeRow[] = [];
    for (let after: ZoneChangeRow | undefined; ;) {
      const page = await this.changes.page(this.horizon, after, PAGE);
      rows.push(...page.filter((row) => !this.applied.has(row.id)));
      if (page.length < PAGE) break;
      after = page[page.length - 1];
    }
    if (rows.length > 0) await apply(new Set(rows.map((row) => row.name)));
    for (const row of rows) this.applied.set(row.id, row.txid);
    this.horizon = Math.max(this.horizon, finishedBelow);
    for (const [id, txid] of this.applied) if (txid < this.horizon) this.applied.delete(id);
    return true;
  }
}
