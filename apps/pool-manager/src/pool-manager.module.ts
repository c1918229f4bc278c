import { DynamicModule, Module } from '@nestjs/common';
import { DomainModule, domainSettingsOf } from '@zonewarden/domain';
import { ServiceRuntimeModule } from '@zonewarden/runtime';
import { Transport } from '@zonewarden/transport';
import { PoolManagerConfig } from './pool-manager.config';
import { PropagationService } from './propagation.service';
import { ReconcilerService } from './reconciler.service';
import { ZoneChangesPruner } from './zone-changes-pruner.service';
import { ZoneEventsController } from './zone-events.controller';
import { ZoneHistoryPruner } from './zone-history-pruner.service';

/**
 * pool-manager: pushes zones to the targets of their pool, confirms changes and deletes, purges (through
 * the domain's PropagationStateService); prunes the zone change log and the zones' history.
 */
@Module({})
export class PoolManagerModule {
  static forRoot(config: PoolManagerConfig, transport: Transport): DynamicModule {
    return {
      module: PoolManagerModule,
      imports: [
        ServiceRuntimeModule.forRoot(config, 'pool-manager', transport),
        DomainModule.forRoot(domainSettingsOf(config)),
      ],
      controllers: [ZoneEventsController],
      providers: [
        { provide: PoolManagerConfig, useValue: config },
        PropagationService,
        ReconcilerService,
        ZoneChangesPruner,
        ZoneHistoryPruner,
      ],
    };
  }
}
