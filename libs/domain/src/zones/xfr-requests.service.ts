import { Injectable } from '@nestjs/common';
import { OutboxWriter, SecondaryZonesRepository, Storage, ZoneRecord } from '@zonewarden/persistence';
import { xfrRequested } from '../events/task-events';
import { isOneOfMasters } from './secondary-zone-rules';

/** How long a claimed refresh is left alone before it may be claimed again (its transfer runs meanwhile). */
const CLAIM_SECONDS = 60;

/**
 * When a SECONDARY zone's transfer from its masters is asked for without a caller (the API's tasks/xfr is
 * ZonesService's): its SOA timer, run by zone-worker, and a NOTIFY from a master, received by mini-dns.
 * Not forced: the transfer checks the masters' serial first. The request goes through the outbox.
 */
@Injectable()
export class XfrRequestsService {
  constructor(
    private readonly storage: Storage,
    private readonly secondaries: SecondaryZonesRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /**
   * Claims up to `limit` live SECONDARY zones whose refresh (or retry, after a failure) is due and requests
   * their transfer; the number claimed. Concurrent workers take different zones.
   */
  requestDue(limit: number): Promise<number> {
    return this.storage.transaction(async (tx) => {
      const due = await this.secondaries.claimDueRefreshes(tx, limit, CLAIM_SECONDS);
      for (const zoneId of due) await this.outbox.write(tx, xfrRequested(zoneId, false));
      return due.length;
    });
  }

  /** The live SECONDARY zone a NOTIFY names (in lower case), or null. */
  notifiedZone(name: string): Promise<ZoneRecord | null> {
    return this.secondaries.findLiveByName(name);
  }

  /**
   * A NOTIFY of the zone from `from`: its refresh is requested when `from` is one of its masters (the
   * notifier is never trusted for content), refused otherwise (RFC 1996 §3.10, as Designate's mdns).
   * The zone is locked for the request: one being deleted meanwhile is left alone.
   */
  async notified(zone: ZoneRecord, from: string): Promise<'refresh' | 'not-from-a-master'> {
    if (!(await isOneOfMasters(zone.masters, from))) return 'not-from-a-master';
    await this.storage.transaction(async (tx) => {
      const locked = await this.secondaries.lock(tx, zone.id);
      if (locked && locked.action !== 'DELETE') await this.outbox.write(tx, xfrRequested(zone.id, false));
    });
    return 'refresh';
  }
}
