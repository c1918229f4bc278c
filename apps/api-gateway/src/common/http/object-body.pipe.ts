import { PipeTransform } from '@nestjs/common';
import { ValidationError, getMetadataStorage, validateSync } from 'class-validator';
import { excerpt, quote } from '@zonewarden/domain';
import { HttpError } from '../errors/http-error';

export interface ValidationItem {
  path: (string | number)[];
  message: string;
  validator: string;
}

/** class-validator constraint → the JSON-schema keyword Designate reports as `validator`. */
const VALIDATOR_NAMES = new Map<string, string>([
  ['isDefined', 'required'],
  ['isInt', 'type'],
  ['isString', 'type'],
  ['isObject', 'type'],
  ['isArray', 'type'],
  ['min', 'minimum'],
  ['max', 'maximum'],
  ['maxLength', 'maxLength'],
  ['arrayMaxSize', 'maxItems'],
  ['isIn', 'enum'],
]);
const validatorOf = (constraint: string) => VALIDATOR_NAMES.get(constraint) ?? 'format';

/** Which of a value's problems is reported: its absence, then its type, then the rest. */
const RANK = new Map([
  ['required', 0],
  ['type', 1],
]);
const rank = (constraint: string) => RANK.get(validatorOf(constraint)) ?? 2;

/** Unknown keys listed in a message at most (a body may carry thousands). */
const MAX_LISTED_KEYS = 10;

/**
 * One problem per property, as Designate reports one per field: its absence, else its type, else the
 * first other check in the order the DTO lists them. class-validator runs a property's decorators
 * bottom-up (the order TypeScript applies them), so its order is reversed; stopping at its first error,
 * `@IsInt() @Min(0) @Max(n)` reported `"ttl": "3600"` as "must not be greater than n".
 */
function firstProblem(constraints: Record<string, string>): [string, string] {
  return Object.entries(constraints)
    .reverse()
    .sort(([a], [b]) => rank(a) - rank(b))[0];
}

function flatten(errors: ValidationError[], parent: (string | number)[] = []): ValidationItem[] {
  return errors.flatMap((error) => {
    const path = [...parent, error.property];
    const own = error.constraints ? [firstProblem(error.constraints)] : [];
    return [
      ...own.map(([name, message]) => ({ path, message, validator: validatorOf(name) })),
      ...flatten(error.children ?? [], path),
    ];
  });
}

/** The properties a DTO declares, inherited ones included. */
function declaredProperties(dto: new () => object): Set<string> {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return new Set(metadata.map((m) => m.propertyName));
}

function unknownKeysError(keys: string[], resource: string, otherProblems: ValidationItem[]): HttpError {
  const listed = keys.slice(0, MAX_LISTED_KEYS);
  const more = keys.length > listed.length ? ` (and ${keys.length - listed.length} more)` : '';
  return new HttpError(
    400,
    'invalid_object',
    `Provided object does not match schema. Keys [${listed.map(quote).join(', ')}]${more} are not valid for ${resource}`,
    {
      errors: [
        ...listed.map((key) => ({
          path: [excerpt(key)],
          message: `property ${excerpt(key)} should not exist`,
          validator: 'additionalProperties',
        })),
        ...otherProblems,
      ],
    },
  );
}

/**
 * Validates a JSON body against a DTO the way Designate does: no body → 400 empty_request_body;
 * anything but an object, unknown keys or invalid values → 400 invalid_object, with every problem
 * listed in `errors.errors` as `{path, message, validator}`. No type coercion: `"300"` is not 300.
 */
export class ObjectBodyPipe<T extends object> implements PipeTransform<unknown, T> {
  private readonly properties: Set<string>;

  constructor(
    private readonly dto: new () => T,
    private readonly resource: string,
  ) {
    this.properties = declaredProperties(dto);
  }

  transform(body: unknown): T {
    if (body === undefined) throw new HttpError(400, 'empty_request_body', 'Request Body is empty');
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(
        400,
        'invalid_object',
        `Provided object is not valid: the body must be a JSON object (a ${this.resource})`,
      );
    }
    // Keys are the client's: `constructor`, `__proto__` or `toString` must be unknown keys like any other,
    // so only declared properties are copied, and values are kept as parsed (class-transformer would
    // rebuild nested objects and drop, or trip over, such keys inside `attributes`).
    const fields = Object.entries(body);
    const unknownKeys = fields.map(([key]) => key).filter((key) => !this.properties.has(key));
    const instance = new this.dto() as Record<string, unknown>;
    for (const [key, value] of fields) if (this.properties.has(key)) instance[key] = value;
    const items = flatten(validateSync(instance, { forbidUnknownValues: true }));
    if (unknownKeys.length) throw unknownKeysError(unknownKeys, this.resource, items);
    if (items.length === 0) return instance as T;
    throw new HttpError(
      400,
      'invalid_object',
      `Provided object is not valid: ${items.map((i) => i.message).join('; ')}`,
      { errors: items },
    );
  }
}

/**
 * Each object of a list inside a body (a batch's changes, a grant's names) validated by `pipe`, every
 * problem reported at once with its path (`["changes", 3, "ttl"]`) and the entry's `index`; the entries as
 * validated.
 */
export function validateEach<T extends object>(
  pipe: ObjectBodyPipe<T>,
  field: string,
  entries: unknown[],
): T[] {
  const problems: (ValidationItem & { index: number })[] = [];
  const valid = entries.map((entry, index) => {
    try {
      return pipe.transform(entry);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const items = (error.details as { errors?: ValidationItem[] } | undefined)?.errors ?? [];
      for (const item of items) problems.push({ ...item, index, path: [field, index, ...item.path] });
      return undefined;
    }
  });
  if (problems.length === 0) return valid as T[];
  const listed = problems.slice(0, MAX_LISTED_KEYS);
  const more = problems.length > listed.length ? ` (and ${problems.length - listed.length} more)` : '';
  throw new HttpError(
    400,
    'invalid_object',
    `Provided object is not valid: ${listed.map((p) => `${field}[${p.index}]: ${p.message}`).join('; ')}${more}`,
    { errors: problems },
  );
}
