import * as path from 'node:path';
import compression from 'compression';
import express from 'express';
import type { Application, NextFunction, Request, Response } from 'express';

/** Where `npm run build` (and `npm start`'s build) puts the console: apps/console/dist, beside this app. */
export const CONSOLE_DIST = path.resolve(__dirname, '../../../console/dist');
export const CONSOLE_PATH = '/console';

/**
 * The console's Content-Security-Policy: its own scripts, styles and API only — no inline script or style,
 * no eval, no other origin, no framing. Every user string is rendered as text (docs/console.md); this is
 * the second wall.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Vite names every asset by its content's hash: a year, never revalidated. The page itself always is. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function consoleHeaders(res: Response, file: string): void {
  res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
}

/**
 * Serves the web console at /console/ (same origin as the API, so no CORS): its static files, compressed,
 * with their cache headers and the console's CSP. /console redirects to /console/. Without a build, the
 * page says how to make one.
 */
export function serveConsole(server: Application, dist = CONSOLE_DIST): void {
  server.use(CONSOLE_PATH, (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', CONSOLE_CSP);
    if (req.originalUrl === CONSOLE_PATH) return res.redirect(301, `${CONSOLE_PATH}/`);
    next();
  });
  server.use(CONSOLE_PATH, compression());
  server.use(
    CONSOLE_PATH,
    express.static(dist, { index: 'index.html', etag: true, fallthrough: true, setHeaders: consoleHeaders }),
  );
  server.get(`${CONSOLE_PATH}/`, (_req: Request, res: Response) => {
    res
      .status(503)
      .type('text/plain')
      .send('The console is not built: run `npm run build` (or `npm start`, which builds it).\n');
  });
}
