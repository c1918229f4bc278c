export * from './service.config';
export * from './json-logger';
