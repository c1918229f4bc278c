import { DynamicModule, Module } from '@nestjs/common';
import { databaseOptions } from '@zonewarden/config';
import { DomainModule, domainSettingsOf } from '@zonewarden/domain';
import { PersistenceModule } from '@zonewarden/persistence';
import { HeartbeatModule } from '@zonewarden/runtime';
import { Transport, TransportModule } from '@zonewarden/transport';
import { DnsServer } from './dns-server.service';
import { MiniDnsConfig } from './mini-dns.config';
import { IncrementalTransfers } from './protocol/ixfr';
import { GrantKeys } from './protocol/grant-keys';
import { Responder } from './protocol/responder';
import { SecondaryNotify } from './protocol/secondary-notify';
import { TransferKeys } from './protocol/transfer-keys';
import { UpdateHandler } from './protocol/update/update-handler';
import { ZoneStore } from './zone/zone-store.service';
import { ZoneEventsSubscriber } from './zone-events.subscriber';

/**
 * mini-dns reads storage (through the domain's read services) and listens to zone events; its writes are
 * its heartbeats, the transfer request a NOTIFY of a SECONDARY zone makes, and the changes of RFC 2136
 * UPDATEs (through the domain's door, DynamicUpdateService) — into the outbox, which the other apps' relays
 * publish, so it runs no relay.
 */
@Module({})
export class MiniDnsModule {
  static forRoot(config: MiniDnsConfig, transport: Transport): DynamicModule {
    return {
      module: MiniDnsModule,
      imports: [
        PersistenceModule.forRoot(databaseOptions(config, 'mini-dns')),
        DomainModule.forRoot(domainSettingsOf(config)),
        TransportModule.forRoot(transport),
        HeartbeatModule.forRoot(config, 'mini-dns'),
      ],
      providers: [
        { provide: MiniDnsConfig, useValue: config },
        ZoneStore,
        Responder,
        SecondaryNotify,
        TransferKeys,
        GrantKeys,
        IncrementalTransfers,
        UpdateHandler,
        ZoneEventsSubscriber,
        DnsServer,
      ],
      exports: [DnsServer, ZoneStore],
    };
  }
}
