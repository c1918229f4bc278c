export * from './create-transport';
export * from './in-process/in-process-broker';
export * from './message-publisher';
export * from './transport';
export * from './transport.module';
export * from './in-process/queue-metric';
export * from './in-process/topic-match';
