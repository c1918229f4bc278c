import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig } from '@zonewarden/config';
import { DomainModule, domainSettingsOf } from '@zonewarden/domain';
import { ServiceRuntimeModule } from '@zonewarden/runtime';
import { Transport } from '@zonewarden/transport';
import { ExportsController } from './exports/exports.controller';
import { ImportsController } from './imports/imports.controller';
import { DnssecMaintenanceTask } from './dnssec/dnssec-maintenance.task';
import { TaskRedriveService } from './task-redrive.service';
import { SecondaryRefreshService } from './transfers/secondary-refresh.service';
import { XfrController } from './transfers/xfr.controller';
import { ZoneWorkerConfig } from './zone-worker.config';

/**
 * zone-worker: carries out zone tasks: imports and exports, transfers of SECONDARY zones, and the
 * upkeep of signed zones (signature refresh, key rollovers).
 */
@Module({})
export class ZoneWorkerModule {
  static forRoot(config: ZoneWorkerConfig, transport: Transport): DynamicModule {
    return {
      module: ZoneWorkerModule,
      imports: [
        ServiceRuntimeModule.forRoot(config, 'zone-worker', transport),
        DomainModule.forRoot(domainSettingsOf(config)),
      ],
      controllers: [ExportsController, ImportsController, XfrController],
      providers: [
        { provide: ZoneWorkerConfig, useValue: config },
        { provide: ServiceConfig, useValue: config },
        DnssecMaintenanceTask,
        TaskRedriveService,
        SecondaryRefreshService,
      ],
    };
  }
}
