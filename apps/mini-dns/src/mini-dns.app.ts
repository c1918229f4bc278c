import { ServiceApp } from '@zonewarden/runtime';
import { Transport } from '@zonewarden/transport';
import { MiniDnsConfig } from './mini-dns.config';
import { MiniDnsModule } from './mini-dns.module';
import { ZoneEventsSubscriber } from './zone-events.subscriber';

export { MiniDnsConfig };

export function miniDnsApp(config: MiniDnsConfig, transport: Transport): ServiceApp {
  return {
    name: 'mini-dns',
    config,
    module: MiniDnsModule.forRoot(config, transport),
    // mini-dns publishes nothing (no outbox relay); its broker link is the zone-event subscription.
    brokerConnected: (app) => app.get(ZoneEventsSubscriber).isConnected(),
  };
}
