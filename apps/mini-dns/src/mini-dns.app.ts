import { ServiceApp } from '@zonewarden/runtime';
import { Transport } from '@zonewarden/transport';
import { MiniDnsConfig } from './mini-dns.config';
import { MiniDnsModule } from './mini-dns.module';
import { ZONE_CACHE_EVENTS } from './zone-cache-event.contract';
import { ZoneEventsSubscriber } from './zone-events.subscriber';

export { MiniDnsConfig };

export function miniDnsApp(config: MiniDnsConfig, transport: Transport): ServiceApp {
  return {
    name: 'mini-dns',
    config,
    module: MiniDnsModule.forRoot(config, transport),
    subscription: { bindings: transport.topology.zoneCacheBindings, handled: ZONE_CACHE_EVENTS },
    // mini-dns publishes nothing (no outbox relay); its broker link is the zone-event subscription.
    brokerConnected: (app) => app.get(ZoneEventsSubscriber).isConnected(),
  };
}
