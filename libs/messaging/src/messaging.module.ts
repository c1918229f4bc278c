import { DynamicModule, Module } from '@nestjs/common';
import { OutboxRepository, PrismaService } from '@zonewarden/persistence';
import { OutboxRelayOptions, OutboxRelayService } from './outbox-relay.service';

/** Runs the outbox relay in this app (global: health checks read its broker state). Needs PersistenceModule. */
@Module({})
export class OutboxRelayModule {
  static forRoot(options: OutboxRelayOptions): DynamicModule {
    return {
      module: OutboxRelayModule,
      global: true,
      providers: [
        {
          provide: OutboxRelayService,
          inject: [OutboxRepository, PrismaService],
          useFactory: (outbox: OutboxRepository, prisma: PrismaService) =>
            new OutboxRelayService(outbox, prisma, options),
        },
      ],
      exports: [OutboxRelayService],
    };
  }
}
