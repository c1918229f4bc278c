import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { WireName } from '@zonewarden/dns';
import { ZoneContentRepository } from '@zonewarden/persistence';
import { NotLoaded, ZoneView } from '../lookup/zone-view';
import { MiniDnsConfig } from '../mini-dns.config';
import { ZoneTree, buildZoneTree } from './zone-tree';

interface Loaded {
  tree?: ZoneTree;
  /** When a query should have the zone read again (a safety net for missed change events). */
  refreshAt: number;
  /** The load under way, shared by every query that waits for it. */
  loading?: Promise<ZoneTree | undefined>;
  /** A change arrived while loading: load once more when that load ends. */
  changedWhileLoading?: boolean;
}

/** How soon storage is tried again after a failed read. */
const RETRY_MS = 1000;

/**
 * The zones this server answers for: the names of the served zones (loaded before the server listens,
 * so a served zone is never refused) and, loaded on first use, each zone's records. A changed zone is
 * reloaded in the background and answered from its previous copy until the new one is in; when storage
 * is unreachable, the last loaded copy keeps being served (serve-stale).
 */
@Injectable()
export class ZoneStore implements ZoneView, OnApplicationShutdown {
  private readonly logger = new Logger(ZoneStore.name);
  private served = new Set<string>();
  private readonly zones = new Map<string, Loaded>();
  private timer?: NodeJS.Timeout;
  private started?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly content: ZoneContentRepository,
    private readonly config: MiniDnsConfig,
  ) {}

  /** Resolves once the served zones are known; retries while storage is unreachable. */
  ready(): Promise<void> {
    this.started ??= this.loadIndexUntilDone().then(() => {
      this.timer = setInterval(
        () =>
          void this.reloadIndex().catch((e: Error) =>
            this.logger.warn(`zone index reload failed: ${e.message}`),
          ),
        Math.max(this.config.MINIDNS_CACHE_TTL_MS, 1000),
      );
      this.timer.unref();
    });
    return this.started;
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  async reloadIndex(): Promise<void> {
    this.served = new Set((await this.content.servedZoneNames()).map((name) => WireName.fromText(name).key));
    for (const key of this.zones.keys()) if (!this.served.has(key)) this.zones.delete(key);
  }

  find(name: WireName, ds: boolean): ZoneTree | NotLoaded | undefined {
    const key = this.servedZoneOf(name, ds);
    if (key === undefined) return undefined;
    const loaded = this.zones.get(key);
    if (!loaded?.tree) return new NotLoaded(key);
    if (Date.now() > loaded.refreshAt) void this.refresh(key);
    return loaded.tree;
  }

  loaded(name: WireName): ZoneTree | undefined {
    const key = this.servedZoneOf(name, false);
    return key === undefined ? undefined : this.zones.get(key)?.tree;
  }

  /** Loads a zone's records; undefined when it is no longer served. Rejects only when no copy exists. */
  async load(zone: string): Promise<ZoneTree | undefined> {
    const loaded = this.zones.get(zone);
    if (loaded?.tree) return loaded.tree;
    return this.refresh(zone);
  }

  /** A zone changed: created and updated zones are served (and reloaded when in memory), deleted ones not. */
  changed(zoneName: string, served: boolean): void {
    const key = WireName.fromText(zoneName).key;
    if (!served) {
      this.served.delete(key);
      this.zones.delete(key);
      return;
    }
    this.served.add(key);
    const loaded = this.zones.get(key);
    if (loaded?.loading) loaded.changedWhileLoading = true;
    else if (loaded) void this.refresh(key);
  }

  /** The closest enclosing served zone; a DS query at a zone apex goes to the served parent, if any. */
  private servedZoneOf(name: WireName, ds: boolean): string | undefined {
    let found: string | undefined;
    for (let i = 0; i < name.labelCount; i++) {
      const key = name.suffixKey(i);
      if (!this.served.has(key)) continue;
      if (!(ds && i === 0)) return key;
      found = key;
    }
    return found;
  }

  private refresh(zone: string): Promise<ZoneTree | undefined> {
    const entry = this.zones.get(zone) ?? { refreshAt: 0 };
    this.zones.set(zone, entry);
    entry.loading ??= this.read(zone)
      .then((tree) => {
        if (this.zones.get(zone) !== entry) return tree;
        if (!tree) {
          // Storage no longer serves it (deleted meanwhile): neither do we.
          this.served.delete(zone);
          this.zones.delete(zone);
        }
        entry.tree = tree;
        entry.refreshAt = Date.now() + this.config.MINIDNS_CACHE_TTL_MS;
        return tree;
      })
      .catch((error: Error) => {
        this.logger.warn(
          `cannot load zone ${zone}${entry.tree ? ', serving the copy in memory' : ''}: ${error.message}`,
        );
        // Serve-stale: keep answering from the last copy, and try storage again a little later.
        entry.refreshAt = Date.now() + RETRY_MS;
        if (entry.tree) return entry.tree;
        this.zones.delete(zone);
        throw error;
      })
      .finally(() => {
        entry.loading = undefined;
        if (entry.changedWhileLoading) {
          entry.changedWhileLoading = false;
          void this.refresh(zone).catch(() => undefined);
        }
      });
    return entry.loading;
  }

  private async read(zone: string): Promise<ZoneTree | undefined> {
    const content = await this.content.load(`${zone}.`);
    if (!content) return undefined;
    return buildZoneTree(content, (reason) => this.logger.warn(`zone ${zone}: left out ${reason}`));
  }

  private async loadIndexUntilDone(): Promise<void> {
    for (;;) {
      try {
        await this.reloadIndex();
        return;
      } catch (error) {
        if (this.stopped) throw error;
        this.logger.warn(`cannot read the served zones yet: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }
}
