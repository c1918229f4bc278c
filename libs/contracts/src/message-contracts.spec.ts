import { ContractViolationError, parsePayload } from './payload-validation';
import { ExportRequestedV1, ImportRequestedV1, XfrRequestedV1 } from './task-events';
import { ZoneCreatedV1, ZoneDeletedV1, ZonePurgedV1, ZoneUpdatedV1 } from './zone-events';

const zone = (action: string) => ({
  version: 1,
  zoneId: '6f0b1c9e-1a64-4e0c-9f55-0b7b8f2b1d2a',
  zoneName: 'example.com.',
  projectId: 'p1',
  poolId: '794ccc2c-d751-44fe-b57f-8894c9f5c842',
  serial: 1700000000,
  action,
});

/**
 * Every payload class, with a payload shaped as its producer writes it (libs/persistence), and the keys
 * added later as optional (so that messages written before them stay readable).
 */
const CONTRACTS: Array<[string, new () => object, Record<string, unknown>, string[]?]> = [
  ['zone.created', ZoneCreatedV1, zone('CREATE')],
  ['zone.updated', ZoneUpdatedV1, zone('UPDATE')],
  ['zone.deleted', ZoneDeletedV1, zone('DELETE')],
  ['zone.purged', ZonePurgedV1, zone('PURGE')],
  [
    'zone.import.requested',
    ImportRequestedV1,
    {
      version: 1,
      importId: '0b4f8a51-63e4-4d67-9a36-d8c0c5f0e1a7',
      projectId: 'p1',
      mayUseBlacklisted: true,
    },
    ['mayUseBlacklisted'],
  ],
  [
    'zone.export.requested',
    ExportRequestedV1,
    {
      version: 1,
      exportId: '0b4f8a51-63e4-4d67-9a36-d8c0c5f0e1a7',
      zoneId: '6f0b1c9e-1a64-4e0c-9f55-0b7b8f2b1d2a',
      projectId: 'p1',
    },
  ],
  [
    'zone.xfr.requested',
    XfrRequestedV1,
    { version: 1, zoneId: '6f0b1c9e-1a64-4e0c-9f55-0b7b8f2b1d2a', force: false },
  ],
];

const without = (payload: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(payload).filter(([name]) => name !== key));

describe.each(CONTRACTS)('the %s contract', (_pattern, payloadClass, produced, optional = []) => {
  const required = Object.keys(produced).filter((key) => !optional.includes(key));

  it("accepts the producer's payload", () => {
    expect(parsePayload(payloadClass, produced)).toBeInstanceOf(payloadClass);
  });

  it.each(required)('refuses the payload without %s', (key) => {
    expect(() => parsePayload(payloadClass, without(produced, key))).toThrow(ContractViolationError);
  });

  it.each(Object.keys(produced))('refuses the payload with %s renamed', (key) => {
    const renamed = { ...without(produced, key), [`${key}Renamed`]: produced[key] };
    expect(() => parsePayload(payloadClass, renamed)).toThrow(ContractViolationError);
  });
});

describe('the zone.import.requested contract across versions of its producer', () => {
  const [, , produced] = CONTRACTS[4];

  it('reads a message written before mayUseBlacklisted (no override)', () => {
    const old = parsePayload(ImportRequestedV1, without(produced, 'mayUseBlacklisted'));
    expect(old.mayUseBlacklisted).toBeUndefined();
  });

  it('refuses a mayUseBlacklisted that is not a boolean', () => {
    expect(() => parsePayload(ImportRequestedV1, { ...produced, mayUseBlacklisted: 'true' })).toThrow(
      ContractViolationError,
    );
  });
});

describe('parsePayload ignoring unknown keys', () => {
  it('drops keys the class does not declare, and still refuses a missing one', () => {
    const parsed = parsePayload(
      ImportRequestedV1,
      { ...CONTRACTS[4][2], extra: 1 },
      { ignoreUnknownKeys: true },
    );
    expect(parsed).not.toHaveProperty('extra');
    expect(() => parsePayload(ImportRequestedV1, { version: 1 }, { ignoreUnknownKeys: true })).toThrow(
      ContractViolationError,
    );
  });
});

describe('zone event contracts', () => {
  const valid = zone('CREATE');

  it('accepts a valid zone.created payload', () => {
    expect(parsePayload(ZoneCreatedV1, valid)).toBeInstanceOf(ZoneCreatedV1);
  });

  it.each([
    ['a wrong version', { ...valid, version: 2 }],
    ['a non-uuid zone id', { ...valid, zoneId: 'x' }],
    ['a serial beyond 32 bits', { ...valid, serial: 2 ** 32 }],
    ['a string serial', { ...valid, serial: '1' }],
    ['an unknown key', { ...valid, extra: true }],
    ['a missing key', { ...valid, zoneName: undefined }],
  ])('rejects %s', (_case, payload) => {
    expect(() => parsePayload(ZoneCreatedV1, payload)).toThrow(ContractViolationError);
  });

  it('rejects an event whose action does not match its pattern', () => {
    expect(() => parsePayload(ZoneDeletedV1, valid)).toThrow(/action/);
  });

  it('rejects non-objects', () => {
    expect(() => parsePayload(ZoneCreatedV1, 'x')).toThrow(ContractViolationError);
  });
});
