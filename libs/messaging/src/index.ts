export * from './event-publisher';
export * from './messaging.module';
export * from './outbox-relay.service';
export * from './service-runtime.module';
export * from './topology';
export * from './start-service';
export * from './consume';
