import { DynamicModule, Module } from '@nestjs/common';
import { databaseOptions } from '@zonewarden/config';
import { PersistenceModule } from '@zonewarden/persistence';
import { HeartbeatModule } from '@zonewarden/runtime';
import { Transport, TransportModule } from '@zonewarden/transport';
import { DnsServer } from './dns-server.service';
import { MiniDnsConfig } from './mini-dns.config';
import { Responder } from './protocol/responder';
import { ZoneStore } from './zone/zone-store.service';
import { ZoneEventsSubscriber } from './zone-events.subscriber';

/**
 * mini-dns reads storage and listens to zone events; it writes nothing but its heartbeats, so it runs no
 * outbox relay.
 */
@Module({})
export class MiniDnsModule {
  static forRoot(config: MiniDnsConfig, transport: Transport): DynamicModule {
    return {
      module: MiniDnsModule,
      imports: [
        PersistenceModule.forRoot(databaseOptions(config, 'mini-dns')),
        TransportModule.forRoot(transport),
        HeartbeatModule.forRoot(config, 'mini-dns'),
      ],
      providers: [
        { provide: MiniDnsConfig, useValue: config },
        ZoneStore,
        Responder,
        ZoneEventsSubscriber,
        DnsServer,
      ],
      exports: [DnsServer, ZoneStore],
    };
  }
}
