import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '../errors/http-error';

/** A query string must decode: `?name=%zz` is refused rather than read literally. */
export function rejectMalformedQuery(req: Request, _res: Response, next: NextFunction): void {
  const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
  try {
    decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    return next(new HttpError(400, 'bad_request', 'The query string has an invalid percent-escape'));
  }
  next();
}
