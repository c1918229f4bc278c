import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ZoneContentRepository } from '@zonewarden/persistence';
import { MiniDnsConfig } from './mini-dns.config';
import { ZoneData, buildZoneData, key, parentOf } from './zone-data';

interface Entry {
  data: Promise<ZoneData | undefined>;
  expires: number;
}

/**
 * The zones this server answers for: an in-memory index of served zone names and, loaded on first
 * use, each zone's records. Zone events (ZoneEventsSubscriber) drop what changed; a periodic reload
 * and an entry lifetime bound the staleness should an event be missed.
 */
@Injectable()
export class ZoneCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ZoneCache.name);
  private served = new Set<string>();
  private readonly entries = new Map<string, Entry>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly content: ZoneContentRepository,
    private readonly config: MiniDnsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.reloadIndex();
    const every = Math.max(this.config.MINIDNS_CACHE_TTL_MS, 1000);
    this.timer = setInterval(
      () => void this.reloadIndex().catch((e: Error) => this.logger.warn(`reload failed: ${e.message}`)),
      every,
    );
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async reloadIndex(): Promise<void> {
    this.served = new Set((await this.content.servedZoneNames()).map(key));
  }

  /** The served zone enclosing `qname` (the longest match), or undefined. */
  async zoneFor(qname: string): Promise<ZoneData | undefined> {
    for (let name: string | undefined = key(qname); name; name = parentOf(name)) {
      if (this.served.has(name)) return this.load(name);
    }
    return undefined;
  }

  /** A zone changed: forget its records; created/updated zones are served, deleted ones no longer. */
  changed(zoneName: string, served: boolean): void {
    const name = key(zoneName);
    this.entries.delete(name);
    if (served) this.served.add(name);
    else this.served.delete(name);
  }

  private load(name: string): Promise<ZoneData | undefined> {
    const cached = this.entries.get(name);
    if (cached && cached.expires > Date.now()) return cached.data;
    const data = this.content
      .load(`${name}.`)
      .then((content) => (content ? buildZoneData(content) : undefined))
      .catch((error: Error) => {
        this.entries.delete(name);
        this.logger.warn(`cannot load zone ${name}: ${error.message}`);
        throw error;
      });
    this.entries.set(name, { data, expires: Date.now() + this.config.MINIDNS_CACHE_TTL_MS });
    return data;
  }
}
