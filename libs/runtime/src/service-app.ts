import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import type { ServiceConfig } from '@zonewarden/config';
import type { QueueConsumer } from '@zonewarden/transport';

/** A background app as assembled from its configuration: run as its own process, or all-in-one. */
export interface ServiceApp {
  name: string;
  config: ServiceConfig;
  module: DynamicModule;
  /** The queue it consumes, if any. */
  consumer?: QueueConsumer;
  /** The events it subscribes to (Transport.subscribe) and the patterns its subscriber handles. */
  subscription?: { bindings: string[]; handled: readonly string[] };
  /** Whether its broker connection is up, for readiness; by default the outbox relay's. */
  brokerConnected?: (app: INestApplicationContext) => boolean;
}
