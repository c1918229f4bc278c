import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { TsigKey, WireName } from '@zonewarden/dns';
import { GrantKey, UpdateGrantsService } from '@zonewarden/domain';

/** A zone's grant keys are read from storage again when older than this: a revoked key works at most so long. */
export const GRANT_KEYS_FRESH_MS = 1000;
/** A key a zone's grants lack makes them be read again, unless they were read this recently (a new grant). */
export const GRANT_KEYS_MISS_RELOAD_MS = 100;
/** Zones whose grant keys are held (the least recently asked for go first). */
const MAX_ZONES = 10_000;

interface Held {
  /** By the key's name (WireName.key). */
  keys: Map<string, GrantKey>;
  readAt: number;
}

/** Whether a key a request was verified with is an update grant's (else one of /v2/tsigkeys). */
export const isGrantKey = (key: TsigKey): key is GrantKey => 'grantId' in key;

/**
 * The keys of the zones' update grants (docs/dns-updates.md), by zone: a request about a zone (a query,
 * a transfer, an UPDATE) may be signed with one of them. Held a second at most (a revoked key stops within
 * a second), and read again at once for a key they lack unless read in the last 0.1 s (a new grant works
 * at once; a flood of unknown names stays cheap); read once per zone at a time. While storage is
 * unreachable, the keys last read are used.
 */
@Injectable()
export class GrantKeys {
  private readonly logger = new Logger(GrantKeys.name);
  private readonly held = new LRUCache<string, Held>({ max: MAX_ZONES });
  private readonly reading = new Map<string, Promise<Held | undefined>>();

  constructor(private readonly grants: UpdateGrantsService) {}

  /**
   * The key `name` of a grant of the served zone `apex`, or undefined. `known`: the name is a key of
   * /v2/tsigkeys, so that fresh grants lacking it are not read again for it (a pool target's signed
   * requests would re-read them every 0.1 s).
   */
  async find(apex: WireName, name: WireName, known = false): Promise<GrantKey | undefined> {
    const held = this.held.get(apex.key);
    const age = held ? Date.now() - held.readAt : Infinity;
    const key = held?.keys.get(name.key);
    if (age < GRANT_KEYS_FRESH_MS && (key || known || age < GRANT_KEYS_MISS_RELOAD_MS)) return key;
    return ((await this.read(apex)) ?? held)?.keys.get(name.key);
  }

  /** Whether the grant of the key `keyName` in the zone allows its transfer: asked of storage, as it is now. */
  mayTransfer(zoneName: string, keyName: string): Promise<boolean> {
    return this.grants.mayTransfer(zoneName, keyName);
  }

  private read(apex: WireName): Promise<Held | undefined> {
    const zone = apex.key;
    const under = this.reading.get(zone);
    if (under) return under;
    const reading = this.grants
      .keysFor(apex.toString().toLowerCase())
      .then((keys) => {
        const held = { keys: new Map(keys.map((key) => [keyOf(key), key])), readAt: Date.now() };
        this.held.set(zone, held);
        return held;
      })
      .catch((error: Error) => {
        this.logger.warn(`cannot read the update grants of ${apex.toString()}: ${error.message}`);
        return undefined;
      })
      .finally(() => this.reading.delete(zone));
    this.reading.set(zone, reading);
    return reading;
  }
}

/** A key's name as requests are matched with it (WireName.key). */
export const keyOf = (key: { name: string }) => WireName.fromText(key.name).key;
