import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventSubscription, Transport } from '@zonewarden/transport';
import { parseZoneCacheEvent } from './zone-cache-event.contract';
import { ZoneStore } from './zone/zone-store.service';

/**
 * Every mini-dns instance receives all zone events on a queue of its own: each one has the zone store
 * catch up with storage's zone change log at once, rather than at its next interval. (The log, not the
 * event, says what changed: events may come late, twice or out of order.)
 */
@Injectable()
export class ZoneEventsSubscriber implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private subscription?: EventSubscription;

  constructor(
    private readonly zones: ZoneStore,
    private readonly transport: Transport,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.transport.subscribe(
      (topology) => topology.zoneCacheBindings,
      // An event breaking the contract throws here: the transport logs it and drops it.
      (envelope) => {
        parseZoneCacheEvent(envelope);
        void this.zones.catchUp();
      },
      // Events missed while disconnected: the change log has them.
      () => this.zones.catchUp(),
    );
  }

  isConnected(): boolean {
    return this.subscription?.isConnected() ?? false;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }
}
