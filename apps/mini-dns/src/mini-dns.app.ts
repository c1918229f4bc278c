import { ServiceApp } from '@zonewarden/messaging';
import { MiniDnsConfig } from './mini-dns.config';
import { MiniDnsModule } from './mini-dns.module';
import { ZoneEventsSubscriber } from './zone-events.subscriber';

export { MiniDnsConfig };

export function miniDnsApp(config: MiniDnsConfig): ServiceApp {
  return {
    name: 'mini-dns',
    config,
    module: MiniDnsModule.forRoot(config),
    // mini-dns publishes nothing (no outbox relay); its broker link is the zone-event subscription.
    brokerConnected: (app) => app.get(ZoneEventsSubscriber).isConnected(),
  };
}
