import { DynamicModule, Module } from '@nestjs/common';
import { ServiceConfig } from '@zonewarden/config';
import { ServiceRuntimeModule } from '@zonewarden/messaging';

/**
 * pool-manager: pushes zones to the targets of their pool and confirms deletes (issue #3). Until
 * those consumers exist it loads the pools and relays the outbox; zone events wait, durable, in its
 * queue (declared by every publisher) rather than being consumed without a handler.
 */
@Module({})
export class PoolManagerModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return { module: PoolManagerModule, imports: [ServiceRuntimeModule.forRoot(config)] };
  }
}
