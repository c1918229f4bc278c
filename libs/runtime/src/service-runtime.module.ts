import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig, databaseOptions } from '@zonewarden/config';
import { OutboxRelayModule } from '@zonewarden/outbox';
import { PersistenceModule } from '@zonewarden/persistence';
import { Transport, TransportModule } from '@zonewarden/transport';
import { HeartbeatModule } from './heartbeat';

/**
 * What every app runs on: storage, its transport, the outbox relay that publishes what it stores, and its
 * heartbeats.
 */
@Module({})
export class ServiceRuntimeModule {
  static forRoot(config: ServiceConfig, application: string, transport: Transport): DynamicModule {
    return {
      module: ServiceRuntimeModule,
      imports: [
        PersistenceModule.forRoot(databaseOptions(config, application)),
        TransportModule.forRoot(transport),
        OutboxRelayModule.forRoot(),
        HeartbeatModule.forRoot(config, application),
      ],
      exports: [PersistenceModule, TransportModule, OutboxRelayModule],
    };
  }
}
