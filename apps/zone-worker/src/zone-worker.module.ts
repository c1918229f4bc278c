import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig } from '@zonewarden/config';
import { ServiceRuntimeModule } from '@zonewarden/messaging';

/**
 * zone-worker: imports, exports and transfer accepts run here (issue #4). Until those consumers
 * exist it prepares storage and relays the outbox, and declares no queue of its own.
 */
@Module({})
export class ZoneWorkerModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return { module: ZoneWorkerModule, imports: [ServiceRuntimeModule.forRoot(config)] };
  }
}
