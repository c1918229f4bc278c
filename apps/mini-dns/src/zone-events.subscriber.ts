import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventSubscription, Transport } from '@zonewarden/transport';
import { parseZoneCacheEvent } from './zone-cache-event.contract';
import { ZoneStore } from './zone/zone-store.service';

/**
 * Every mini-dns instance receives all zone events on a queue of its own, and reloads its copy
 * of each zone that changed.
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
        const { zoneName, served } = parseZoneCacheEvent(envelope);
        this.zones.changed(zoneName, served);
      },
      // Events missed while disconnected: start from storage again.
      () => this.zones.reloadIndex(),
    );
  }

  isConnected(): boolean {
    return this.subscription?.isConnected() ?? false;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }
}
