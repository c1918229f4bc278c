import { IsInt, IsString, Max, Min } from 'class-validator';
import { TsigKey, querySoa, sendNotify, serialIsNewer } from '@zonewarden/dns';
import { pause } from '@zonewarden/runtime';
import { DriverFactory, parseOptions } from './target-driver';

/** How long a consumer is given to transfer a changed catalog after its NOTIFY. */
const CATALOG_WAIT_MS = 5_000;

class CatalogConsumerOptions {
  /** The consumer's DNS address: sent the NOTIFYs, asked for the catalog's SOA. */
  @IsString()
  host!: string;

  @IsInt()
  @Min(1)
  @Max(65535)
  port = 53;
}

/**
 * A secondary that provisions itself from its pool's catalog zone (RFC 9432: BIND 9.18, Knot, PowerDNS 4.7
 * and others): nothing is pushed to it zone by zone. It is told of a change by NOTIFY — of the catalog when
 * the pool's members change (catalogChanged, which also waits until it serves the catalog's new serial), of
 * the zone when its content does (ensure) — and transfers from mini-dns as its configuration says;
 * propagation is confirmed by its SOA answers, as for any target.
 */
export const catalogConsumerDriver: DriverFactory = (raw) => {
  const server = parseOptions(CatalogConsumerOptions, raw, 'catalog_consumer');
  const notify = (zoneName: string, key?: TsigKey) =>
    sendNotify(server, zoneName, 1000, key).catch(() => undefined);
  return {
    ensure: (zoneName, key) => notify(zoneName, key),
    // Dropped from the catalog, the zone leaves the consumer by itself.
    remove: async () => undefined,
    async catalogChanged(catalogName, serial, key) {
      await notify(catalogName, key);
      const until = Date.now() + CATALOG_WAIT_MS;
      for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
        const state = await querySoa(server, catalogName, 1000).catch((error: Error) => error);
        const problem =
          state instanceof Error
            ? state.message
            : !state.present
              ? `does not serve the catalog (${state.rcode})`
              : serialIsNewer(serial, state.serial)
                ? `serves catalog serial ${state.serial} < ${serial}`
                : null;
        if (!problem) return;
        if (Date.now() + delay > until) throw new Error(`${server.host}:${server.port} ${problem}`);
        await pause(delay);
      }
    },
  };
};
