import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig } from '@zonewarden/config';
import { ServiceRuntimeModule } from '@zonewarden/messaging';
import { ExportsController } from './exports/exports.controller';

/** zone-worker: carries out zone tasks handed over by the API (exports; imports and transfers to come). */
@Module({})
export class ZoneWorkerModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ZoneWorkerModule,
      imports: [ServiceRuntimeModule.forRoot(config)],
      controllers: [ExportsController],
    };
  }
}
