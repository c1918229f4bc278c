export * from './canonical';
export * from './denial';
export * from './dnskey';
export * from './key-encryption';
export * from './keys';
export * from './rrsig';
export * from './zone-signer';
