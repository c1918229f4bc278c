import { Injectable } from '@nestjs/common';
import { ExportsRepository, ImportsRepository, OutboxWriter, Storage } from '@zonewarden/persistence';
import { exportRequested, importRequested } from '../events/task-events';

/** How many imports and exports were requested again, and pieces of abandoned uploads removed. */
export interface Redriven {
  imports: number;
  exports: number;
  abandonedPieces: number;
}

/**
 * Imports and exports whose request was lost (the in-process transport loses what a crash interrupts; a
 * dead-lettered message leaves its task pending) are requested again, so no task stays PENDING for
 * good; handling them is idempotent, so a duplicate request costs nothing. zone-worker runs it.
 */
@Injectable()
export class StaleTasksService {
  constructor(
    private readonly storage: Storage,
    private readonly imports: ImportsRepository,
    private readonly exports: ExportsRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /**
   * Requests again up to `limit` imports and `limit` exports PENDING `seconds` since their last request,
   * and removes the stored zonefiles, older than that, of imports that never came or are gone.
   */
  async redrive(seconds: number, limit: number): Promise<Redriven> {
    const imports = await this.storage.transaction(async (tx) => {
      const stale = await this.imports.claimStale(tx, seconds, limit);
      for (const task of stale) await this.outbox.write(tx, importRequested(task));
      return stale.length;
    });
    const exports = await this.storage.transaction(async (tx) => {
      const stale = await this.exports.claimStale(tx, seconds, limit);
      for (const task of stale) await this.outbox.write(tx, exportRequested(task));
      return stale.length;
    });
    // An upload cut off before its import was written, or an import deleted while pending, left its
    // zonefile's pieces behind; an upload still being stored is younger than any stale task.
    const abandonedPieces = await this.imports.discardAbandonedZonefiles(seconds);
    return { imports, exports, abandonedPieces };
  }
}
