import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

export class ContractViolationError extends Error {
  constructor(
    readonly payloadType: string,
    readonly problems: string[],
  ) {
    super(`invalid ${payloadType} payload: ${problems.join('; ')}`);
  }
}

export interface ParseOptions {
  /** Drop keys the class does not declare instead of refusing them (a consumer reading a part only). */
  ignoreUnknownKeys?: boolean;
}

/** Turns a received plain object into a validated payload instance, or throws ContractViolationError. */
export function parsePayload<T extends object>(
  type: new () => T,
  plain: unknown,
  options: ParseOptions = {},
): T {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    throw new ContractViolationError(type.name, ['payload must be an object']);
  }
  const instance = plainToInstance(type, plain);
  const errors = validateSync(instance, {
    forbidUnknownValues: true,
    whitelist: true,
    forbidNonWhitelisted: !options.ignoreUnknownKeys,
  });
  if (errors.length > 0) {
    throw new ContractViolationError(
      type.name,
      errors.flatMap((error) => Object.values(error.constraints ?? { [error.property]: 'is invalid' })),
    );
  }
  return instance;
}
