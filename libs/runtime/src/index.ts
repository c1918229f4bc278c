export * from './consume';
export * from './ops-server';
export * from './periodic-task';
export * from './service-app';
export * from './service-metrics';
export * from './service-runtime.module';
export * from './shutdown';
export * from './start-service';
