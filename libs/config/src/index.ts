export * from './database';
export * from './pools-file';
export * from './quotas';
export * from './service.config';
export * from './json-logger';
