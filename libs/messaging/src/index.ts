export * from './event-publisher';
export * from './messaging.module';
export * from './outbox-relay.service';
export * from './topology';
