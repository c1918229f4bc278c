import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig } from '@zonewarden/config';
import { PersistenceModule } from '@zonewarden/persistence';
import { OutboxRelayModule } from './messaging.module';

/** What every app runs on: storage, and the outbox relay that publishes what it stores. */
@Module({})
export class ServiceRuntimeModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ServiceRuntimeModule,
      imports: [
        PersistenceModule.forRoot({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }),
        OutboxRelayModule.forRoot({
          amqpUrl: config.AMQP_URL,
          amqpNamespace: config.AMQP_NAMESPACE,
          databaseUrl: config.DATABASE_URL,
        }),
      ],
      exports: [PersistenceModule, OutboxRelayModule],
    };
  }
}
