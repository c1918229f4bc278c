import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { TsigKey, WireName } from '@zonewarden/dns';
import { TsigKeysService } from '@zonewarden/domain';
import { MiniDnsConfig } from '../mini-dns.config';
import { GrantKeys, isGrantKey, keyOf } from './grant-keys';

/** A key not held is looked up in storage again at most this often (a key just made through the API). */
const MISS_RELOAD_MS = 1000;

/**
 * The TSIG keys this server verifies signed requests with: those of the update grants of the zone a
 * request is about (GrantKeys), then those of /v2/tsigkeys, held in memory by name and read again every
 * MINIDNS_CATCH_UP_INTERVAL_MS (and when a request names a key not held); and which keys may transfer a
 * zone: a grant's key when its grant allows it, the zone's own (scope ZONE) and its pool's (scope POOL), as
 * Designate's mdns allows them.
 */
@Injectable()
export class TransferKeys implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TransferKeys.name);
  private byName = new Map<string, TsigKey>();
  private loadedAt = 0;
  private loading?: Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly keys: TsigKeysService,
    private readonly grants: GrantKeys,
    private readonly config: MiniDnsConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.reload();
    this.timer = setInterval(
      () => void this.reload(),
      Math.max(this.config.MINIDNS_CATCH_UP_INTERVAL_MS, 1000),
    );
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /**
   * The key a signed request names, or undefined (BADKEY). `zone`: the apex of the served zone the request
   * is about, whose grants' keys come first: a grant's key shadows a tsigkey of its name there.
   */
  async find(name: WireName, zone?: WireName): Promise<TsigKey | undefined> {
    const granted = zone && (await this.grants.find(zone, name, this.byName.has(name.key)));
    if (granted) return granted;
    const held = this.byName.get(name.key);
    if (held || Date.now() - this.loadedAt < MISS_RELOAD_MS) return held;
    await this.reload();
    return this.byName.get(name.key);
  }

  /**
   * Whether the zone `apex` is transferred to a request signed with `key` (undefined: unsigned). A grant's
   * key: when its grant allows transfers. Else a zone with TSIG keys (its own, its pool's) only to one of
   * them, a zone without to anyone. Asked of storage each time (a transfer is rare, and a key just made or
   * revoked must count at once); rejects when storage cannot tell.
   */
  async mayTransfer(apex: WireName, key?: TsigKey): Promise<boolean> {
    const zoneName = apex.toString().toLowerCase();
    if (key && isGrantKey(key)) return this.grants.mayTransfer(zoneName, key.name);
    const allowed = await this.forZone(zoneName);
    return allowed.length === 0 || (!!key && allowed.includes(keyOf(key)));
  }

  /**
   * The names (case-folded) of the tsigkeys that may transfer the zone; none: no key is needed. While
   * storage is unreachable, an installation that held no key at the last reading still transfers
   * (serve-stale, as before keys existed), one with keys cannot tell and rejects.
   */
  private async forZone(zoneName: string): Promise<string[]> {
    try {
      return (await this.keys.keysForZoneName(zoneName)).map(keyOf);
    } catch (error) {
      if (this.loadedAt > 0 && this.byName.size === 0) return [];
      throw error;
    }
  }

  private reload(): Promise<void> {
    this.loading ??= this.keys
      .signingKeys()
      .then((keys) => {
        this.byName = new Map(keys.map((key) => [keyOf(key), key]));
        this.loadedAt = Date.now();
      })
      .catch((error: Error) => this.logger.warn(`cannot read the TSIG keys: ${error.message}`))
      .finally(() => (this.loading = undefined));
    return this.loading;
  }
}
