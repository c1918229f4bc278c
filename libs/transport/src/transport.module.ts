import { DynamicModule, Module } from '@nestjs/common';
import { Transport } from './transport';

/** Provides the process's transport (createTransport) to whatever publishes or subscribes. */
@Module({})
export class TransportModule {
  static forRoot(transport: Transport): DynamicModule {
    return {
      module: TransportModule,
      global: true,
      providers: [{ provide: Transport, useValue: transport }],
      exports: [Transport],
    };
  }
}
