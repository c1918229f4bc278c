import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig } from '@zonewarden/config';
import { ServiceRuntimeModule } from '@zonewarden/runtime';
import { Transport } from '@zonewarden/transport';
import { ExportsController } from './exports/exports.controller';
import { ImportsController } from './imports/imports.controller';
import { TaskRedriveService } from './task-redrive.service';
import { ZoneWorkerConfig } from './zone-worker.config';

/** zone-worker: carries out zone tasks handed over by the API: imports and exports. */
@Module({})
export class ZoneWorkerModule {
  static forRoot(config: ZoneWorkerConfig, transport: Transport): DynamicModule {
    return {
      module: ZoneWorkerModule,
      imports: [ServiceRuntimeModule.forRoot(config, 'zone-worker', transport)],
      controllers: [ExportsController, ImportsController],
      providers: [
        { provide: ZoneWorkerConfig, useValue: config },
        { provide: ServiceConfig, useValue: config },
        TaskRedriveService,
      ],
    };
  }
}
