export * from './service.config';
