import { MAX_SERIAL, nextSerial, serialIsNewer, unixSeconds } from './serial';
import { soaRecordData } from './soa';

describe('serials', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('uses the clock when it is ahead', () => {
    expect(nextSerial(1, now)).toBe(unixSeconds(now));
  });

  it('grows by one when the clock is not ahead', () => {
    const ahead = unixSeconds(now) + 10;
    expect(nextSerial(ahead, now)).toBe(ahead + 1);
  });

  it('wraps past the largest serial, a step forward in serial arithmetic (an imported serial may be there)', () => {
    expect(nextSerial(MAX_SERIAL, now)).toBe(0);
    expect(serialIsNewer(0, MAX_SERIAL)).toBe(true);
    // Then the clock again: still forward.
    expect(serialIsNewer(nextSerial(0, now), 0)).toBe(true);
    expect(serialIsNewer(MAX_SERIAL, 0)).toBe(false);
    expect(serialIsNewer(7, 7)).toBe(false);
  });

  it('builds SOA data', () => {
    expect(soaRecordData('ns1.example.net.', 'admin@example.com', 7)).toBe(
      'ns1.example.net. admin.example.com. 7 3600 600 86400 3600',
    );
  });
});
