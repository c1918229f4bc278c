import { DynamicModule, Module } from '@nestjs/common';
import { OutboxRepository, PrismaService } from '@zonewarden/persistence';
import { Transport } from '@zonewarden/transport';
import { OutboxRelayOptions, OutboxRelayService } from './outbox-relay.service';

/** Runs the outbox relay in this app (global: health checks read its broker state). Needs PersistenceModule and TransportModule. */
@Module({})
export class OutboxRelayModule {
  static forRoot(options: OutboxRelayOptions = {}): DynamicModule {
    return {
      module: OutboxRelayModule,
      global: true,
      providers: [
        {
          provide: OutboxRelayService,
          inject: [OutboxRepository, PrismaService, Transport],
          useFactory: (outbox: OutboxRepository, prisma: PrismaService, transport: Transport) =>
            new OutboxRelayService(outbox, prisma, transport, options),
        },
      ],
      exports: [OutboxRelayService],
    };
  }
}
