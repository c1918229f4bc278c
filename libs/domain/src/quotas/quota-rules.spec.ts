import { checkQuota, checkZoneContentQuotas, effectiveQuotas } from './quota-rules';

const defaults = {
  zones: 10,
  zone_recordsets: 500,
  zone_records: 500,
  recordset_records: 20,
  api_export_size: 1000,
};

describe('quota rules', () => {
  it("applies a project's overrides on the defaults, ignoring unknown resources", () => {
    const quotas = effectiveQuotas(defaults, [
      { resource: 'zones', hardLimit: 2 },
      { resource: 'unknown', hardLimit: 1 },
    ]);
    expect(quotas).toEqual({ ...defaults, zones: 2 });
  });

  it('refuses above the limit, never when the limit is negative', () => {
    expect(() => checkQuota({ ...defaults, zones: 2 }, 'zones', 3)).toThrow('Quota exceeded for zones.');
    expect(() => checkQuota({ ...defaults, zones: 2 }, 'zones', 2)).not.toThrow();
    expect(() => checkQuota({ ...defaults, zones: -1 }, 'zones', 1e9)).not.toThrow();
  });

  it("checks a zone's content the same way for the API and an import: sets, records, the largest set", () => {
    const quotas = { ...defaults, zone_recordsets: 2, zone_records: 3, recordset_records: 2 };
    const check = (content: { sets: number; records: number; largest: number }) => () =>
      checkZoneContentQuotas(quotas, content);
    expect(check({ sets: 2, records: 3, largest: 2 })).not.toThrow();
    expect(check({ sets: 3, records: 3, largest: 1 })).toThrow('Quota exceeded for zone_recordsets.');
    expect(check({ sets: 2, records: 4, largest: 2 })).toThrow('Quota exceeded for zone_records.');
    expect(check({ sets: 1, records: 3, largest: 3 })).toThrow('Quota exceeded for recordset_records.');
  });
});
