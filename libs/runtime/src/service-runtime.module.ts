import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig, databaseOptions } from '@zonewarden/config';
import { OutboxRelayModule } from '@zonewarden/outbox';
import { PersistenceModule } from '@zonewarden/persistence';
import { Transport, TransportModule } from '@zonewarden/transport';

/** What every app runs on: storage, its transport, and the outbox relay that publishes what it stores. */
@Module({})
export class ServiceRuntimeModule {
  static forRoot(config: ServiceConfig, application: string, transport: Transport): DynamicModule {
    return {
      module: ServiceRuntimeModule,
      imports: [
        PersistenceModule.forRoot(databaseOptions(config, application)),
        TransportModule.forRoot(transport),
        OutboxRelayModule.forRoot(),
      ],
      exports: [PersistenceModule, TransportModule, OutboxRelayModule],
    };
  }
}
