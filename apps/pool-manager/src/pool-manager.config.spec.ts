import { loadConfig } from '@zonewarden/config';
import { PoolManagerConfig } from './pool-manager.config';

describe('PoolManagerConfig: the history retention', () => {
  it('keeps 1,000 entries per zone for 365 days by default, and reads both', () => {
    expect(loadConfig(PoolManagerConfig, {})).toMatchObject({
      ZONE_HISTORY_MAX_ENTRIES: 1000,
      ZONE_HISTORY_MAX_AGE_DAYS: 365,
    });
    expect(
      loadConfig(PoolManagerConfig, { ZONE_HISTORY_MAX_ENTRIES: '50', ZONE_HISTORY_MAX_AGE_DAYS: '7' }),
    ).toMatchObject({ ZONE_HISTORY_MAX_ENTRIES: 50, ZONE_HISTORY_MAX_AGE_DAYS: 7 });
  });

  it.each([
    ['ZONE_HISTORY_MAX_ENTRIES', '0'],
    ['ZONE_HISTORY_MAX_ENTRIES', 'many'],
    ['ZONE_HISTORY_MAX_ENTRIES', '1.5'],
    ['ZONE_HISTORY_MAX_AGE_DAYS', '0'],
    ['ZONE_HISTORY_MAX_AGE_DAYS', '36501'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig(PoolManagerConfig, { [name]: value })).toThrow(`${name}=`);
  });
});
