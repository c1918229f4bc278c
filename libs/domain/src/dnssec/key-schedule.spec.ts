import {
  KeyTimings,
  RolloverInProgress,
  ScheduledKey,
  advance,
  initialKeys,
  nextKeyEvent,
  startRollover,
} from './key-schedule';

const T0 = new Date('2026-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const TIMINGS: KeyTimings = {
  dnskeyTtl: 3600,
  propagationDelay: 600,
  zskLifetime: 0,
  kskRetireAfter: 86_400,
};
const MAX_TTL = 7200;
/** Keys as `role state` in a stable order, new ones given ids the way storage would. */
const summary = (keys: readonly ScheduledKey[]) => keys.map((k) => `${k.id ?? 'new'} ${k.role} ${k.state}`);
const named = (keys: readonly ScheduledKey[], ...ids: string[]) =>
  keys.map((key) => (key.id ? key : { ...key, id: ids.shift() }));

describe('the DNSSEC key schedule', () => {
  const start = named(initialKeys(T0), 'ksk1', 'zsk1');

  it('starts a zone with a signing KSK and ZSK and nothing scheduled without a ZSK lifetime', () => {
    expect(summary(start)).toEqual(['ksk1 KSK ACTIVE', 'zsk1 ZSK ACTIVE']);
    expect(nextKeyEvent(start, TIMINGS)).toBeNull();
    expect(advance(start, at(10 ** 9), TIMINGS, MAX_TTL)).toBe(start);
  });

  describe('ZSK rollover by pre-publication (RFC 7583 §3.2)', () => {
    const published = named(startRollover(start, 'ZSK', T0, TIMINGS), 'zsk2');

    it('publishes the new ZSK without signing until the DNSKEY TTL and the propagation delay passed', () => {
      expect(summary(published)).toEqual(['ksk1 KSK ACTIVE', 'zsk1 ZSK ACTIVE', 'zsk2 ZSK PUBLISHED']);
      expect(nextKeyEvent(published, TIMINGS)).toEqual(at(4200));
      expect(advance(published, at(4199), TIMINGS, MAX_TTL)).toBe(published);
      expect(() => startRollover(published, 'ZSK', T0, TIMINGS)).toThrow(RolloverInProgress);
    });

    it('then makes it sign and retires the old one until its signatures left caches', () => {
      const swapped = advance(published, at(4200), TIMINGS, MAX_TTL);
      expect(summary(swapped)).toEqual(['ksk1 KSK ACTIVE', 'zsk1 ZSK RETIRED', 'zsk2 ZSK ACTIVE']);
      expect(swapped[2]).toMatchObject({ activatedAt: at(4200), activateAt: null });
      expect(swapped[1]).toMatchObject({ retiredAt: at(4200), removeAt: at(4200 + MAX_TTL + 600) });
      expect(nextKeyEvent(swapped, TIMINGS)).toEqual(at(4200 + MAX_TTL + 600));
      expect(advance(swapped, at(4200 + MAX_TTL + 599), TIMINGS, MAX_TTL)).toBe(swapped);

      const done = advance(swapped, at(4200 + MAX_TTL + 600), TIMINGS, MAX_TTL);
      expect(summary(done)).toEqual(['ksk1 KSK ACTIVE', 'zsk2 ZSK ACTIVE']);
      expect(nextKeyEvent(done, TIMINGS)).toBeNull();
    });

    it('lets a KSK rollover run beside it', () => {
      expect(summary(startRollover(published, 'KSK', T0, TIMINGS))).toContain('new KSK ACTIVE');
    });
  });

  it('starts a ZSK rollover on its own once the ZSK is older than DNSSEC_ZSK_LIFETIME', () => {
    const timings = { ...TIMINGS, zskLifetime: 30 * 86_400 };
    expect(nextKeyEvent(start, timings)).toEqual(at(30 * 86_400));
    expect(advance(start, at(30 * 86_400 - 1), timings, MAX_TTL)).toBe(start);
    const rolling = advance(start, at(30 * 86_400), timings, MAX_TTL);
    expect(summary(rolling)).toEqual(['ksk1 KSK ACTIVE', 'zsk1 ZSK ACTIVE', 'new ZSK PUBLISHED']);
    expect(rolling[2].activateAt).toEqual(at(30 * 86_400 + 4200));
    // During the rollover the lifetime schedules nothing more.
    expect(nextKeyEvent(rolling, timings)).toEqual(at(30 * 86_400 + 4200));
  });

  describe('KSK rollover (double-KSK, RFC 6781 §4.1.2)', () => {
    const rolling = named(startRollover(start, 'KSK', T0, TIMINGS), 'ksk2');

    it('makes the new KSK sign beside the old one, which goes after DNSSEC_KSK_RETIRE_AFTER', () => {
      expect(summary(rolling)).toEqual(['ksk1 KSK ACTIVE', 'zsk1 ZSK ACTIVE', 'ksk2 KSK ACTIVE']);
      expect(rolling[0].removeAt).toEqual(at(86_400));
      expect(rolling[2].removeAt).toBeNull();
      expect(nextKeyEvent(rolling, TIMINGS)).toEqual(at(86_400));
      expect(() => startRollover(rolling, 'KSK', T0, TIMINGS)).toThrow(RolloverInProgress);
      expect(advance(rolling, at(86_399), TIMINGS, MAX_TTL)).toBe(rolling);
      expect(summary(advance(rolling, at(86_400), TIMINGS, MAX_TTL))).toEqual([
        'zsk1 ZSK ACTIVE',
        'ksk2 KSK ACTIVE',
      ]);
    });
  });

  it('carries out every step due at once when the job ran late', () => {
    const zsk = named(startRollover(start, 'ZSK', T0, TIMINGS), 'zsk2');
    const both = named(startRollover(zsk, 'KSK', T0, TIMINGS), 'ksk2');
    expect(summary(advance(both, at(10 ** 6), TIMINGS, MAX_TTL))).toEqual([
      'zsk1 ZSK RETIRED',
      'zsk2 ZSK ACTIVE',
      'ksk2 KSK ACTIVE',
    ]);
  });
});
