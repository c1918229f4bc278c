import type { Request } from 'express';
import { ErrorBody } from './error-body';

/** Requests to the legacy domain interface (unprefixed `/domains`, or Designate's `/v1`). */
export function isLegacyRequest(req: Request): boolean {
  return /^\/(domains|v1)(\/|$)/.test(req.path);
}

export const ACCESS_DENIED = 'Access Denied';

/**
 * Designate v1's error bodies: `zone` reads `domain` in the type (`domain_not_found`,
 * `duplicate_domain`), and validation errors are a flat list whose paths are dotted strings.
 */
export function toLegacyErrorBody(body: ErrorBody): ErrorBody {
  const nested = (
    body.errors as { errors?: { path: (string | number)[]; message: string; validator: string }[] }
  )?.errors;
  return {
    ...body,
    type: body.type.replace(/zone/g, 'domain'),
    ...(nested ? { errors: nested.map((item) => ({ ...item, path: item.path.join('.') })) } : {}),
  };
}
