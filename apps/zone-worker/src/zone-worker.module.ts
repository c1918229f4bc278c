import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig, defaultQuotas } from '@zonewarden/config';
import { DomainModule, DomainSettings } from '@zonewarden/domain';
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
      imports: [
        ServiceRuntimeModule.forRoot(config, 'zone-worker', transport),
        DomainModule.forRoot({
          provide: DomainSettings,
          // What DESIGNATE_STATUS_CODES changes is the API's (what a caller reads), not the tasks'.
          useValue: {
            defaultPoolId: config.DEFAULT_POOL_ID,
            defaultQuotas: defaultQuotas(config),
            designateBehaviour: false,
          },
        }),
      ],
      controllers: [ExportsController, ImportsController],
      providers: [
        { provide: ZoneWorkerConfig, useValue: config },
        { provide: ServiceConfig, useValue: config },
        TaskRedriveService,
      ],
    };
  }
}
