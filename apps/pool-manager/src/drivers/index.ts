import { bind9Driver } from './bind9.driver';
import { builtinDriver } from './builtin.driver';
import { catalogConsumerDriver } from './catalog-consumer.driver';
import { powerDnsDriver } from './powerdns.driver';
import { DriverFactory } from './target-driver';

/** Target types a pool may use; another backend is one more file and one more line here. */
export const DRIVERS: Record<string, DriverFactory> = {
  builtin: builtinDriver,
  bind9: bind9Driver,
  powerdns: powerDnsDriver,
  catalog_consumer: catalogConsumerDriver,
};

export * from './target-driver';
