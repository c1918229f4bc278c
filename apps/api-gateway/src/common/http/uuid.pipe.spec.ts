import { HttpError } from '../errors/http-error';
import { UuidPipe } from './uuid.pipe';

describe('UuidPipe', () => {
  const refusal = (value: string) => {
    try {
      new UuidPipe('zone_id').transform(value);
    } catch (error) {
      return error as HttpError;
    }
    throw new Error(`${value} was accepted`);
  };

  it("answers a non-UUID id in Designate's words (utils.validate_uuid): the value unquoted", () => {
    const error = refusal('zahlabut');
    expect([error.status, error.type, error.message]).toEqual([
      400,
      'invalid_uuid',
      'Invalid UUID zone_id: zahlabut',
    ]);
  });

  it('cuts a long value', () => {
    expect(refusal('x'.repeat(10_000)).message).toBe(`Invalid UUID zone_id: ${'x'.repeat(100)}…`);
  });

  it('lower-cases a UUID', () => {
    expect(new UuidPipe('zone_id').transform('7D5E8F8E-0000-4000-8000-00000000000A')).toBe(
      '7d5e8f8e-0000-4000-8000-00000000000a',
    );
  });
});
