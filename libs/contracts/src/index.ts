export * from './messaging';
export * from './payload-validation';
export * from './zone-events';
export * from './task-events';
