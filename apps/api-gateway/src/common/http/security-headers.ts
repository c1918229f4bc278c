import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * helmet()'s defaults but one: no `upgrade-insecure-requests` in the Content-Security-Policy. The API is
 * served over plain HTTP unless a proxy adds TLS, and a browser told to upgrade fetches Swagger UI's
 * assets (/docs) from https://, where nothing answers — on any address but loopback, which browsers never
 * upgrade. Strict-Transport-Security stays: browsers ignore it over plain HTTP (RFC 6797 §8.1) and keep
 * it behind a TLS proxy, where it belongs.
 */
const HELMET_OPTIONS = { contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } };

/**
 * The security headers, taken from helmet once at start: with these options they depend on nothing in the
 * request, while its thirteen middlewares, run for every request, cost ~6% of a GET (docs/footprint.md).
 */
export function securityHeaders(): (req: Request, res: Response, next: NextFunction) => void {
  const headers = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => removed.push(name),
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return (_req, res, next) => {
    res.setHeaders(headers);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
