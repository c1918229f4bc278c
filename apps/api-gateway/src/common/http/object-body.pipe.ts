import { PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';
import { DomainError } from '@zonewarden/contracts';

export interface ValidationItem {
  path: (string | number)[];
  message: string;
  validator: string;
}

/** class-validator constraint → the JSON-schema keyword Designate reports as `validator`. */
const VALIDATOR_NAMES: Record<string, string> = {
  isDefined: 'required',
  isInt: 'type',
  isString: 'type',
  isObject: 'type',
  isArray: 'type',
  min: 'minimum',
  max: 'maximum',
  maxLength: 'maxLength',
  arrayMaxSize: 'maxItems',
  isIn: 'enum',
  whitelistValidation: 'additionalProperties',
};

function flatten(errors: ValidationError[], parent: (string | number)[] = []): ValidationItem[] {
  return errors.flatMap((error) => {
    const path = [...parent, error.property];
    const own = Object.entries(error.constraints ?? {}).map(([name, message]) => ({
      path,
      message,
      validator: VALIDATOR_NAMES[name] ?? 'format',
    }));
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/** Python's repr of a list of strings, as Designate writes it in messages. */
const pyList = (keys: string[]) => `[${keys.map((k) => `'${k}'`).join(', ')}]`;

/**
 * Validates a JSON body against a DTO the way Designate does: no body → 400 empty_request_body;
 * anything but an object, unknown keys or invalid values → 400 invalid_object, with every problem
 * listed in `errors.errors` as `{path, message, validator}`. No type coercion: `"300"` is not 300.
 */
export class ObjectBodyPipe<T extends object> implements PipeTransform<unknown, T> {
  constructor(
    private readonly dto: new () => T,
    private readonly resource: string,
  ) {}

  transform(body: unknown): T {
    if (body === undefined) throw new DomainError(400, 'empty_request_body', 'Request Body is empty');
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new DomainError(
        400,
        'invalid_object',
        `Provided object is not valid: the body must be a JSON object (a ${this.resource})`,
      );
    }
    const instance = plainToInstance(this.dto, body);
    const errors = validateSync(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      stopAtFirstError: true,
    });
    if (errors.length === 0) return instance;
    const unknownKeys = errors.filter((e) => e.constraints?.whitelistValidation).map((e) => e.property);
    const items = flatten(errors);
    const message = unknownKeys.length
      ? `Provided object does not match schema. Keys ${pyList(unknownKeys)} are not valid for ${this.resource}`
      : `Provided object is not valid: ${items.map((i) => i.message).join('; ')}`;
    throw new DomainError(400, 'invalid_object', message, { errors: items });
  }
}
