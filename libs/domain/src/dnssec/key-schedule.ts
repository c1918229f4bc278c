import type { DnssecKeyRole, DnssecKeyState } from '@zonewarden/persistence';

/** The rollover timings, in seconds (DomainSettings.dnssec; README, Configuration). */
export interface KeyTimings {
  dnskeyTtl: number;
  propagationDelay: number;
  /** 0: a ZSK is rolled only on request. */
  zskLifetime: number;
  kskRetireAfter: number;
}

/**
 * A key as the schedule sees it: its role, state and timestamps. A key the schedule adds has no id yet:
 * the caller makes it (and its private key). `removeAt` on a RETIRED key, or on an ACTIVE KSK being
 * replaced, is when it leaves the DNSKEY RRset.
 */
export interface ScheduledKey {
  id?: string;
  role: DnssecKeyRole;
  state: DnssecKeyState;
  activateAt: Date | null;
  activatedAt: Date | null;
  retiredAt: Date | null;
  removeAt: Date | null;
}

/** A rollover asked for while one of the same role is under way. */
export class RolloverInProgress extends Error {}

const after = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const newKey = (role: DnssecKeyRole, state: DnssecKeyState): ScheduledKey => ({
  role,
  state,
  activateAt: null,
  activatedAt: null,
  retiredAt: null,
  removeAt: null,
});

/** A new zone's keys: a KSK and a ZSK, both signing. */
export const initialKeys = (now: Date): ScheduledKey[] =>
  (['KSK', 'ZSK'] as const).map((role) => ({ ...newKey(role, 'ACTIVE'), activatedAt: now }));

const zskRollingOver = (keys: readonly ScheduledKey[]) =>
  keys.some((key) => key.role === 'ZSK' && key.state !== 'ACTIVE');
const kskRollingOver = (keys: readonly ScheduledKey[]) =>
  keys.some((key) => key.role === 'KSK' && key.removeAt !== null);

/**
 * Starts a rollover:
 * - ZSK by pre-publication (RFC 6781 §4.1.1.1, RFC 7583 §3.2): the new key is published, not signing,
 *   and takes over once every resolver can have it: after the DNSKEY TTL and the propagation delay;
 * - KSK by double-KSK (RFC 6781 §4.1.2): the new key signs the key RRsets at once beside the old one, and
 *   CDS/CDNSKEY list both (RFC 7344), so the parent can take the new DS; the old one goes after
 *   `kskRetireAfter`.
 */
export function startRollover(
  keys: readonly ScheduledKey[],
  role: DnssecKeyRole,
  now: Date,
  timings: KeyTimings,
): ScheduledKey[] {
  if (role === 'ZSK') {
    if (zskRollingOver(keys)) throw new RolloverInProgress('a ZSK rollover is under way');
    const activateAt = after(now, timings.dnskeyTtl + timings.propagationDelay);
    return [...keys, { ...newKey('ZSK', 'PUBLISHED'), activateAt }];
  }
  if (kskRollingOver(keys)) throw new RolloverInProgress('a KSK rollover is under way');
  const removeAt = after(now, timings.kskRetireAfter);
  return [
    ...keys.map((key) => (key.role === 'KSK' ? { ...key, removeAt } : key)),
    { ...newKey('KSK', 'ACTIVE'), activatedAt: now },
  ];
}

/**
 * The steps due at `now`, one pass: keys whose time is up leave; a pre-published ZSK whose time came
 * takes over and the ZSK it replaces retires, published until the signatures it made (of TTL up to
 * `maxTtl`) have left every cache; a ZSK older than its lifetime starts being replaced. Returns the keys
 * unchanged (the same array) when nothing was due.
 */
export function advance(
  keys: readonly ScheduledKey[],
  now: Date,
  timings: KeyTimings,
  maxTtl: number,
): readonly ScheduledKey[] {
  const due = (at: Date | null) => at !== null && at.getTime() <= now.getTime();
  let next = keys.filter((key) => !due(key.removeAt));
  const successor = next.find(
    (key) => key.role === 'ZSK' && key.state === 'PUBLISHED' && due(key.activateAt),
  );
  if (successor) {
    const removeAt = after(now, maxTtl + timings.propagationDelay);
    next = next.map((key) => {
      if (key === successor) return { ...key, state: 'ACTIVE', activateAt: null, activatedAt: now };
      if (key.role === 'ZSK' && key.state === 'ACTIVE')
        return { ...key, state: 'RETIRED', retiredAt: now, removeAt };
      return key;
    });
  } else if (zskExpired(next, now, timings)) {
    next = startRollover(next, 'ZSK', now, timings);
  }
  return next.length === keys.length && next.every((key, i) => key === keys[i]) ? keys : next;
}

function zskExpired(keys: readonly ScheduledKey[], now: Date, timings: KeyTimings): boolean {
  const expiry = zskExpiry(keys, timings);
  return expiry !== null && expiry.getTime() <= now.getTime();
}

/** When the active ZSK is due for replacement; null without a lifetime or during a ZSK rollover. */
function zskExpiry(keys: readonly ScheduledKey[], timings: KeyTimings): Date | null {
  if (timings.zskLifetime === 0 || zskRollingOver(keys)) return null;
  const active = keys.find((key) => key.role === 'ZSK' && key.state === 'ACTIVE');
  return active?.activatedAt ? after(active.activatedAt, timings.zskLifetime) : null;
}

/** When `advance` next has something to do; null when nothing is scheduled. */
export function nextKeyEvent(keys: readonly ScheduledKey[], timings: KeyTimings): Date | null {
  const times = [
    ...keys.map((key) => (key.state === 'PUBLISHED' ? key.activateAt : null)),
    ...keys.map((key) => key.removeAt),
    zskExpiry(keys, timings),
  ].filter((at): at is Date => at !== null);
  return times.length ? new Date(Math.min(...times.map((at) => at.getTime()))) : null;
}
