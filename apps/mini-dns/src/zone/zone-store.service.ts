import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { WireName } from '@zonewarden/dns';
import { ServedZonesService, ZoneChangeLogService } from '@zonewarden/domain';
import { NotLoaded, ZoneView } from '../lookup/zone-view';
import { MiniDnsConfig } from '../mini-dns.config';
import { ZoneChangeFeed } from './zone-change-feed';
import { zoneKey } from './zone-key';
import { ZoneTree, buildZoneTree } from './zone-tree';

/** A zone's records in memory. */
interface Cached {
  tree: ZoneTree;
  /** What it weighs in the cache: its records (a zone larger than the whole cache counts as all of it). */
  size: number;
  /** Changed in storage, but its reload failed: served as it is, read again after `retryAt`. */
  retryAt?: number;
}

/** A read of a zone's records under way, shared by every query that waits for it. */
interface Loading {
  done: Promise<ZoneTree | undefined>;
  /** A change arrived meanwhile: read once more when this read ends. */
  changedMeanwhile: boolean;
}

/** How soon storage is tried again after a failed read. */
const RETRY_MS = 1000;
/** Served zone names read per page at start-up and on a full resync. */
const INDEX_PAGE = 50_000;
/** Changed zone names whose state is read per query. */
const CHANGES_PAGE = 10_000;

/**
 * The zones this server answers for: the names of every served zone (read before the server listens, so
 * a served zone is never refused) and, read on first use, the records of the zones queried, kept in a
 * cache bounded in records (least recently used out first). Both follow storage through its zone change
 * log, read every MINIDNS_CATCH_UP_INTERVAL_MS and whenever a zone event arrives: a changed zone is
 * reloaded in the background and answered from its previous copy until the new one is in; when storage
 * is unreachable, the copies in memory keep being served (serve-stale).
 */
@Injectable()
export class ZoneStore implements ZoneView, OnApplicationShutdown {
  private readonly logger = new Logger(ZoneStore.name);
  private served = new Set<string>();
  private readonly cache: LRUCache<string, Cached>;
  private readonly loading = new Map<string, Loading>();
  private readonly feed: ZoneChangeFeed;
  private timer?: NodeJS.Timeout;
  private started?: Promise<void>;
  private catchingUp?: Promise<void>;
  private catchUpAgain = false;
  private stopped = false;

  constructor(
    private readonly content: ServedZonesService,
    changes: ZoneChangeLogService,
    private readonly config: MiniDnsConfig,
  ) {
    this.feed = new ZoneChangeFeed(changes);
    const maxSize = config.MINIDNS_CACHE_MAX_RECORDS;
    this.cache = new LRUCache<string, Cached>({ maxSize, sizeCalculation: (cached) => cached.size });
  }

  /** Resolves once the served zones are known; retries while storage is unreachable. */
  ready(): Promise<void> {
    this.started ??= this.resyncUntilDone().then(() => {
      this.timer = setInterval(() => void this.catchUp(), this.config.MINIDNS_CATCH_UP_INTERVAL_MS);
      this.timer.unref();
    });
    return this.started;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.catchingUp;
  }

  /**
   * Applies the zone changes made in storage since the last catch-up; while one runs, another follows it.
   * Resolves when the catch-up under way ends (it never rejects: a failed one is logged and retried).
   */
  catchUp(): Promise<void> {
    if (this.stopped || !this.timer) return Promise.resolve();
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return this.catchingUp;
    }
    const run = this.feed
      .catchUp((names) => this.apply(names))
      .then((complete) => (complete ? undefined : this.resyncAfterGap()))
      .catch((error: Error) => this.logger.warn(`zone change catch-up failed: ${error.message}`))
      .finally(() => {
        this.catchingUp = undefined;
        if (this.catchUpAgain) {
          this.catchUpAgain = false;
          void this.catchUp();
        }
      });
    this.catchingUp = run;
    return run;
  }

  find(name: WireName, ds: boolean): ZoneTree | NotLoaded | undefined {
    const key = this.servedZoneOf(name, ds);
    if (key === undefined) return undefined;
    const cached = this.cache.get(key);
    if (!cached) return new NotLoaded(key);
    if (cached.retryAt !== undefined && Date.now() > cached.retryAt)
      void this.refresh(key).catch(() => undefined);
    return cached.tree;
  }

  loaded(name: WireName): ZoneTree | undefined {
    const key = this.servedZoneOf(name, false);
    return key === undefined ? undefined : this.cache.get(key)?.tree;
  }

  /** The apex of the served zone enclosing `name`, whether or not its records are in memory. */
  servedApex(name: WireName): WireName | undefined {
    const key = this.servedZoneOf(name, false);
    return key === undefined ? undefined : (this.cache.get(key)?.tree?.apex ?? WireName.fromText(key));
  }

  /** Loads a zone's records; undefined when it is no longer served. Rejects only when no copy exists. */
  async load(zone: string): Promise<ZoneTree | undefined> {
    return this.cache.get(zone)?.tree ?? this.refresh(zone);
  }

  /** Zones changed in storage: each is served or not as storage says now; a copy in memory is reloaded. */
  private async apply(names: Set<string>): Promise<void> {
    const all = [...names];
    for (let i = 0; i < all.length; i += CHANGES_PAGE) {
      const page = all.slice(i, i + CHANGES_PAGE);
      const served = new Set(await this.content.servedAmong(page));
      for (const name of page) {
        const key = zoneKey(name.slice(0, -1));
        if (!served.has(name)) {
          this.served.delete(key);
          this.cache.delete(key);
        } else {
          this.served.add(key);
          this.changed(key);
        }
      }
    }
  }

  private changed(key: string): void {
    const loading = this.loading.get(key);
    if (loading) loading.changedMeanwhile = true;
    else if (this.cache.has(key)) void this.refresh(key).catch(() => undefined);
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
    const existing = this.loading.get(zone);
    if (existing) return existing.done;
    const loading: Loading = { done: this.read(zone), changedMeanwhile: false };
    this.loading.set(zone, loading);
    loading.done = loading.done
      .then((tree) => {
        if (tree) this.cache.set(zone, { tree, size: this.sizeOf(tree) });
        else {
          // Storage no longer serves it (deleted meanwhile): neither do we.
          this.served.delete(zone);
          this.cache.delete(zone);
        }
        return tree;
      })
      .catch((error: Error) => {
        // Serve-stale: keep answering from the copy in memory, and try storage again a little later.
        const cached = this.cache.peek(zone);
        this.logger.warn(
          `cannot load zone ${zone}${cached ? ', serving the copy in memory' : ''}: ${error.message}`,
        );
        if (!cached) throw error;
        cached.retryAt = Date.now() + RETRY_MS;
        return cached.tree;
      })
      .finally(() => {
        this.loading.delete(zone);
        if (loading.changedMeanwhile) void this.refresh(zone).catch(() => undefined);
      });
    return loading.done;
  }

  private sizeOf(tree: ZoneTree): number {
    let records = 0;
    for (const node of tree.nodes.values())
      for (const rrset of node.rrsets.values()) records += rrset.rdata.length;
    return Math.min(Math.max(records, 1), this.config.MINIDNS_CACHE_MAX_RECORDS);
  }

  private async read(zone: string): Promise<ZoneTree | undefined> {
    const content = await this.content.load(`${zone}.`);
    if (!content) return undefined;
    return buildZoneTree(content, (reason) => this.logger.warn(`zone ${zone}: left out ${reason}`));
  }

  /** Reads the served zones' names in full, following the change log from just before. */
  private async resync(): Promise<void> {
    await this.feed.start();
    const served = new Set<string>();
    for (let after = ''; ;) {
      const names = await this.content.servedZoneNames(after, INDEX_PAGE);
      for (const name of names) served.add(zoneKey(name));
      if (names.length < INDEX_PAGE) break;
      after = names[names.length - 1];
    }
    this.served = served;
  }

  /** Changes may have been pruned before they were read: whatever is in memory may be outdated. */
  private async resyncAfterGap(): Promise<void> {
    this.logger.warn('zone changes were pruned before they were read: reading every served zone again');
    await this.resync();
    this.cache.clear();
  }

  private async resyncUntilDone(): Promise<void> {
    for (;;) {
      try {
        await this.resync();
        this.logger.log(`serving ${this.served.size} zone(s)`);
        return;
      } catch (error) {
        if (this.stopped) throw error;
        this.logger.warn(`cannot read the served zones yet: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }
}
