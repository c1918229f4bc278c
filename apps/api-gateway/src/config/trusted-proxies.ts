import { isIP } from 'node:net';
import { ValidateBy, ValidationOptions } from 'class-validator';

/** `a, b ,c` → ['a', 'b', 'c']; an unset variable keeps the default. */
export const toList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

/** An IPv4 or IPv6 address, optionally with a prefix length: what express's `trust proxy` takes. */
export function isAddressOrCidr(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const [address, prefix, ...rest] = value.split('/');
  // A zone index (fe80::1%eth0) passes isIP but not express's parser: the start would fail later, obscurely.
  const family = address.includes('%') ? 0 : isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

export function IsAddressOrCidr(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAddressOrCidr',
      validator: {
        validate: isAddressOrCidr,
        defaultMessage: (args) =>
          `${args?.property} must be a comma-separated list of IP addresses or CIDRs (e.g. 10.0.0.0/8, 192.0.2.7, ::1)`,
      },
    },
    options,
  );
}
