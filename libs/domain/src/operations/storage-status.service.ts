import { Injectable } from '@nestjs/common';
import { OutboxBacklog, OutboxRepository, Storage, ZonesRepository } from '@zonewarden/persistence';

/** What the gateway's readiness and metrics read of storage. */
@Injectable()
export class StorageStatusService {
  constructor(
    private readonly storage: Storage,
    private readonly outbox: OutboxRepository,
    private readonly zones: ZonesRepository,
  ) {}

  /** Resolves when the database answers within `timeoutMs`. */
  ping(timeoutMs: number): Promise<void> {
    return this.storage.ping(timeoutMs);
  }

  /** Events written but not yet published, and the age of the oldest. */
  outboxBacklog(): Promise<OutboxBacklog> {
    return this.outbox.backlog();
  }

  /** How many zones are in each status and pending action. */
  zoneCounts(): Promise<{ status: string; action: string; count: number }[]> {
    return this.zones.countsByState();
  }
}
