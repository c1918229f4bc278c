import type { NextFunction, Request, Response } from 'express';
import { excerpt, quote } from '@zonewarden/domain';
import { HttpError } from '../errors/http-error';

/**
 * PostgreSQL refuses NUL in text, so a NUL anywhere in a request (path, query, JSON body, zonefile)
 * would fail deep in storage as a 500. It is refused once for every route, naming where it is: in the
 * path or query at once (as for an unknown route), in the body after authentication (the body's checks
 * wait for it), once the body is parsed (a JSON `\u0000` is only a NUL once decoded).
 */
export function rejectNulInPath(req: Request, _res: Response, next: NextFunction): void {
  try {
    checkPath(req.path);
    checkQuery(req.query);
  } catch (error) {
    return next(error);
  }
  next();
}

export function rejectNulInBody(req: Request, _res: Response, next: NextFunction): void {
  try {
    if (typeof req.body === 'string') checkZonefile(req.body);
    else if (req.body !== undefined) checkJson(req.body, []);
  } catch (error) {
    return next(error);
  }
  next();
}

const NUL = '\u0000';
const hasNul = (text: string) => text.includes(NUL);
const NUL_IN_PATH = /%00/;

function checkPath(path: string): void {
  // Node's HTTP parser refuses a raw NUL in the request line; only its percent-escape gets this far.
  if (NUL_IN_PATH.test(path))
    throw new HttpError(400, 'bad_request', 'The request path must not contain a NUL character (%00)');
}

function checkQuery(query: Request['query']): void {
  for (const [key, value] of Object.entries(query)) {
    if (hasNul(key))
      throw new HttpError(400, 'bad_request', 'A query parameter name must not contain a NUL character');
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'string' && hasNul(item)))
      throw new HttpError(
        400,
        'bad_request',
        `Query parameter ${quote(key)} must not contain a NUL character`,
      );
  }
}

function checkZonefile(zonefile: string): void {
  const at = zonefile.indexOf(NUL);
  if (at < 0) return;
  const line = zonefile.slice(0, at).split('\n').length;
  throw new HttpError(400, 'bad_request', `The zonefile must not contain a NUL character (line ${line})`);
}

/** Depth-first over the parsed body (its depth is bounded by jsonBody), names and values alike. */
function checkJson(value: unknown, path: (string | number)[]): void {
  if (typeof value === 'string') {
    if (hasNul(value)) throw nulInBody(path, `${describe(path)} must not contain a NUL character`);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => checkJson(item, [...path, index]));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (hasNul(key)) throw nulInBody(path, `a key of ${describe(path)} contains a NUL character`);
      checkJson(item, [...path, key]);
    }
  }
}

const describe = (path: (string | number)[]) => (path.length ? excerpt(path.join('.')) : 'the body');

/** In the shape of a validation error, so clients read `errors.errors[].path` as for any other. */
const nulInBody = (path: (string | number)[], message: string) =>
  new HttpError(400, 'invalid_object', `Provided object is not valid: ${message}`, {
    errors: [
      {
        path: path.map((step) => (typeof step === 'string' ? excerpt(step) : step)),
        message,
        validator: 'format',
      },
    ],
  });
