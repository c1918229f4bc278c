import { ContractViolationError, parsePayload } from './payload-validation';
import { ZoneCreatedV1, ZoneDeletedV1 } from './zone-events';

const valid = {
  version: 1,
  zoneId: '6f0b1c9e-1a64-4e0c-9f55-0b7b8f2b1d2a',
  zoneName: 'example.com.',
  projectId: 'p1',
  poolId: '794ccc2c-d751-44fe-b57f-8894c9f5c842',
  serial: 1700000000,
  action: 'CREATE',
};

describe('zone event contracts', () => {
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
