import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { BODY_PARSER_ERRORS } from '../errors/error-body';
import { HttpError } from '../errors/http-error';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
/** Deeper JSON is refused before any code walks it (a 5,000-deep body makes Designate answer 500). */
export const MAX_JSON_DEPTH = 32;

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function depthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Parses JSON bodies of POST/PUT/PATCH. A body with another content type is refused (415), and one
 * without a content type too unless `untypedIsJson` (Designate reads it as JSON); bodies of other methods
 * are ignored, so a GET sent with `Content-Type: application/json` and no body works.
 * Parse errors become 400 invalid_json, oversize bodies 413 (mapped by the exception filter).
 */
export function jsonBody(
  limitBytes: number,
  otherBodyTypes: (req: Request) => boolean = () => false,
  untypedIsJson = false,
): RequestHandler {
  const parse = express.json({ limit: limitBytes, strict: false, type: () => true });
  return (req: Request, res: Response, next: NextFunction) => {
    if (otherBodyTypes(req)) return next();
    req.body = undefined;
    if (!METHODS_WITH_BODY.has(req.method) || !hasBody(req)) return next();
    const untyped = untypedIsJson && req.headers['content-type'] === undefined;
    if (!untyped && !req.is('application/json')) {
      return next(new HttpError(415, 'unsupported_content_type', 'Content-type must be application/json'));
    }
    parse(req, res, (error?: { status?: number; type?: string }) => {
      const known = error?.type ? BODY_PARSER_ERRORS[error.type] : undefined;
      if (known) return next(new HttpError(error?.status ?? 400, known.type, known.message));
      if (error) return next(error);
      if (depthExceeds(req.body, MAX_JSON_DEPTH)) {
        return next(new HttpError(400, 'invalid_json', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`));
      }
      next();
    });
  };
}
