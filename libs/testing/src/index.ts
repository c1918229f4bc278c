export * from './amqp-namespace';
export * from './dns-targets';
export * from './processes';
export * from './tcp-proxy';
export * from './test-database';
export * from './designate-api';
export * from './metrics';
export * from './all-in-one';
