/**
 * The messages a consumer is handling right now, so that a shutdown can stop taking new ones and wait
 * for these to finish (and be acked) before connections close.
 */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>();

  track(work: Promise<unknown>): void {
    const settled = work.catch(() => undefined).finally(() => this.pending.delete(settled));
    this.pending.add(settled);
  }

  /** Runs `stopTaking` (no new deliveries), then waits until every tracked message has settled. */
  async drain(stopTaking: () => void | Promise<void>): Promise<void> {
    await stopTaking();
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
