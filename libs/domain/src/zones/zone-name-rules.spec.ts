import { checkZoneNameAllowed } from './zone-name-rules';

const refusal = (message: string) => expect.objectContaining({ code: 'invalid_zone_name', message });

describe('checkZoneNameAllowed (TLDs and blacklists)', () => {
  it('accepts any name while no TLD exists', () => {
    expect(() => checkZoneNameAllowed('example.zz.', { tlds: [], patterns: [] }, false)).not.toThrow();
  });

  it('wants a known TLD at the end (of one label or several), and not a TLD itself', () => {
    const catalogs = { tlds: ['com', 'co.uk'], patterns: [] };
    expect(() => checkZoneNameAllowed('example.com.', catalogs, false)).not.toThrow();
    expect(() => checkZoneNameAllowed('example.co.uk.', catalogs, false)).not.toThrow();
    expect(() => checkZoneNameAllowed('example.org.', catalogs, false)).toThrow(refusal('Invalid TLD'));
    expect(() => checkZoneNameAllowed('example.uk.', catalogs, false)).toThrow(refusal('Invalid TLD'));
    expect(() => checkZoneNameAllowed('co.uk.', catalogs, false)).toThrow(
      refusal('Zone name cannot be the same as a TLD'),
    );
  });

  it('refuses a blacklisted name unless the caller may use it', () => {
    const catalogs = { tlds: [], patterns: ['^blocked\\.'] };
    expect(() => checkZoneNameAllowed('blocked.example.', catalogs, false)).toThrow(
      refusal('Blacklisted zone name'),
    );
    expect(() => checkZoneNameAllowed('blocked.example.', catalogs, true)).not.toThrow();
    expect(() => checkZoneNameAllowed('fine.example.', catalogs, false)).not.toThrow();
  });

  it('matches the patterns against the name as written (as Designate) and in lower case', () => {
    const written = { tlds: [], patterns: ['^deny-Me\\.test\\.$'] };
    expect(() => checkZoneNameAllowed('deny-me.test.', written, false, 'deny-Me.test.')).toThrow(
      refusal('Blacklisted zone name'),
    );
    const lower = { tlds: [], patterns: ['^deny-me\\.'] };
    expect(() => checkZoneNameAllowed('deny-me.test.', lower, false, 'DENY-ME.test.')).toThrow(
      refusal('Blacklisted zone name'),
    );
  });
});
