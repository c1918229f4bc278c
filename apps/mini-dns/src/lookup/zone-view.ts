import { WireName } from '@zonewarden/dns';
import { ZoneTree } from '../zone/zone-tree';

/** A served zone whose records are not in memory yet: the lookup stops, the caller loads it and asks again. */
export class NotLoaded {
  constructor(readonly zone: string) {}
}

/** The zones a lookup may read, synchronously (loading them is the caller's business). */
export interface ZoneView {
  /**
   * The served zone that answers for `name`: the closest enclosing one, except that a DS query at a
   * zone's apex belongs to the parent side (RFC 4035 §3.1.4.1) when this server also serves the parent.
   */
  find(name: WireName, ds: boolean): ZoneTree | NotLoaded | undefined;
  /** The closest enclosing zone if it is in memory: for optional data, which never waits for storage. */
  loaded(name: WireName): ZoneTree | undefined;
}
