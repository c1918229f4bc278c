import { PipeTransform } from '@nestjs/common';
import { DomainError } from '@zonewarden/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Path ids must be UUIDs: `GET /v2/zones/foo` is 400 invalid_uuid, as in Designate. */
export class UuidPipe implements PipeTransform<string, string> {
  constructor(private readonly parameter: string) {}

  transform(value: string): string {
    if (!isUuid(value))
      throw new DomainError(400, 'invalid_uuid', `Invalid UUID ${this.parameter}: ${value}`);
    return value.toLowerCase();
  }
}
