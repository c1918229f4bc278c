import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { TsigKey, WireName } from '@zonewarden/dns';
import { TsigKeysService } from '@zonewarden/domain';
import { MiniDnsConfig } from '../mini-dns.config';

/** A key not held is looked up in storage again at most this often (a key just made through the API). */
const MISS_RELOAD_MS = 1000;

/**
 * The TSIG keys (/v2/tsigkeys) this server verifies signed requests with, held in memory by name and
 * read again every MINIDNS_CATCH_UP_INTERVAL_MS (and when a request names a key not held); and which keys may
 * transfer a zone: its own (scope ZONE) and its pool's (scope POOL), as Designate's mdns allows them.
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

  /** The key a signed request names, or undefined (BADKEY). */
  async find(name: WireName): Promise<TsigKey | undefined> {
    const held = this.byName.get(name.key);
    if (held || Date.now() - this.loadedAt < MISS_RELOAD_MS) return held;
    await this.reload();
    return this.byName.get(name.key);
  }

  /**
   * The names (case-folded) of the keys that may transfer the zone `apex`; none: no key is needed. Asked
   * of storage each time (a transfer is rare, and a key just made must hold at once); while storage is
   * unreachable, an installation that held no key at the last reading still transfers (serve-stale, as
   * before keys existed), one with keys cannot tell and rejects.
   */
  async forZone(apex: WireName): Promise<string[]> {
    try {
      const keys = await this.keys.keysForZoneName(apex.toString().toLowerCase());
      return keys.map((key) => WireName.fromText(key.name).key);
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

const keyOf = (key: TsigKey) => WireName.fromText(key.name).key;
