export * from './outbox-metrics';
export * from './outbox-relay.module';
export * from './outbox-relay.service';
