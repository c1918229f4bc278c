import { ValidateBy, ValidationOptions } from 'class-validator';
import { checkZoneName, describeNameProblem, isValidEmail } from '@zonewarden/dns';
import { excerpt, quote } from '@zonewarden/domain';

export function IsZoneName(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isZoneName',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && checkZoneName(value) === null,
        defaultMessage: (args) =>
          typeof args?.value === 'string'
            ? `${args.property}: ${describeNameProblem(excerpt(args.value), checkZoneName(args.value)!)}`
            : `${args?.property} must be a domain name string`,
      },
    },
    options,
  );
}

export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEmailAddress',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isValidEmail(value),
        defaultMessage: (args) => `${quote(args?.value)} is not an email`,
      },
    },
    options,
  );
}

/** An object whose values are all strings (zone `attributes`). */
export function IsStringMap(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStringMap',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.entries(value).every(
            ([k, v]) => k.length <= 255 && typeof v === 'string' && v.length <= 255,
          ),
        defaultMessage: (args) =>
          `${args?.property} must be an object of strings (keys and values up to 255 characters)`,
      },
    },
    options,
  );
}
