import { PipeTransform } from '@nestjs/common';
import { excerpt } from '@zonewarden/domain';
import { HttpError } from '../errors/http-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Designate's answer to an id that is not a UUID: its words, the value unquoted (cut when long). */
export const invalidUuid = (
  parameter: string,
  value: string,
  invalid = { status: 400, type: 'invalid_uuid' },
) => new HttpError(invalid.status, invalid.type, `Invalid UUID ${parameter}: ${excerpt(value)}`);

/**
 * Path ids must be UUIDs: `GET /v2/zones/foo` is 400 invalid_uuid, as in Designate v2. (The legacy
 * interface answers such ids as missing resources, as Designate v1's uuid route converter did.)
 */
export class UuidPipe implements PipeTransform<string, string> {
  constructor(
    private readonly parameter: string,
    private readonly invalid = { status: 400, type: 'invalid_uuid' },
  ) {}

  transform(value: string): string {
    if (!isUuid(value)) throw invalidUuid(this.parameter, value, this.invalid);
    return value.toLowerCase();
  }
}
