export * from './names';
export * from './serial';
export * from './soa';
