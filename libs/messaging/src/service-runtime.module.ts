import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig, databaseOptions } from '@zonewarden/config';
import { PersistenceModule } from '@zonewarden/persistence';
import { OutboxRelayModule } from './messaging.module';

/** What every app runs on: storage, and the outbox relay that publishes what it stores. */
@Module({})
export class ServiceRuntimeModule {
  static forRoot(config: ServiceConfig, application: string): DynamicModule {
    return {
      module: ServiceRuntimeModule,
      imports: [
        PersistenceModule.forRoot(databaseOptions(config, application)),
        OutboxRelayModule.forRoot({ amqpUrl: config.AMQP_URL, amqpNamespace: config.AMQP_NAMESPACE }),
      ],
      exports: [PersistenceModule, OutboxRelayModule],
    };
  }
}
