export * from './names';
export * from './serial';
export * from './rdata/rdata';
export * from './soa';
export * from './zonefile/writer';
export * from './wire/client';
export * from './wire/presentation';
export * from './wire/rdata';
