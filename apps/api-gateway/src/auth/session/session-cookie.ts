import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { HttpError } from '../../common/errors/http-error';
import { Credentials, header } from '../identity';

/**
 * The console's session (docs/console.md): the credentials a sign-in exchanged — an API token, a Keystone
 * token, noauth's context — in an HttpOnly, SameSite=Strict cookie, which scripts cannot read and other
 * sites cannot send. A cookie-authenticated request that changes something must also carry the session's
 * CSRF token in `X-CSRF-Token`.
 */
export const SESSION_COOKIE = 'zw_session';
export const CSRF_HEADER = 'x-csrf-token';
const NOAUTH_PREFIX = 'noauth.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Far above any token (a Keystone Fernet token is ~200 characters), far below a header's limit. */
const MAX_COOKIE_LENGTH = 4000;

/** The session cookie's value for these credentials. */
export function sessionValue(credentials: Credentials): string {
  if (credentials.token !== undefined) return credentials.token;
  const { projectId, userId, roles } = credentials;
  return NOAUTH_PREFIX + Buffer.from(JSON.stringify({ projectId, userId, roles })).toString('base64url');
}

/** The credentials a session cookie's value holds (the strategy decides how it was written). */
export function credentialsOfSession(value: string, noauth: boolean): Credentials {
  if (!noauth) return { token: value };
  try {
    const context = JSON.parse(Buffer.from(value.slice(NOAUTH_PREFIX.length), 'base64url').toString('utf8'));
    const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
    return { projectId: text(context.projectId), userId: text(context.userId), roles: text(context.roles) };
  } catch {
    return {};
  }
}

/**
 * The session's CSRF token: a digest of the cookie's value, so the gateway keeps no state (any worker, any
 * restart) and only a page that was given it — by the sign-in's answer or `GET /console/session`, which
 * other origins cannot read — can send it.
 */
export function csrfTokenOf(value: string): string {
  return createHash('sha256').update(`zonewarden console csrf\0${value}`).digest('base64url');
}

/** One cookie of the request's `Cookie` header, or undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (header(req, 'cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const raw = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The session cookie's value, when the request has one of a sane length. */
export function sessionOf(req: Request): string | undefined {
  const value = readCookie(req, SESSION_COOKIE);
  return value && value.length <= MAX_COOKIE_LENGTH ? value : undefined;
}

/**
 * The credentials of the request's console session, or undefined when it authenticates by its headers
 * (`X-Auth-Token`, or noauth's `X-Auth-Project-ID`), which win, or has no session. 403 when a request
 * that changes something lacks the session's CSRF token.
 */
export function sessionCredentials(req: Request, noauth: boolean): Credentials | undefined {
  if (header(req, 'x-auth-token') !== undefined || (noauth && header(req, 'x-auth-project-id') !== undefined))
    return undefined;
  const value = sessionOf(req);
  if (value === undefined) return undefined;
  if (!SAFE_METHODS.has(req.method)) checkCsrf(req, value);
  return credentialsOfSession(value, noauth);
}

export function checkCsrf(req: Request, value: string): void {
  const sent = Buffer.from(header(req, CSRF_HEADER) ?? '');
  const expected = Buffer.from(csrfTokenOf(value));
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected))
    throw new HttpError(403, 'forbidden', "A console session's change must carry its X-CSRF-Token");
}

/** Sets the session cookie; `expiresAt` (epoch milliseconds) ends it with the token, when known. */
export function setSessionCookie(req: Request, res: Response, value: string, expiresAt?: number): void {
  res.cookie(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: '/',
    ...(expiresAt !== undefined && { expires: new Date(expiresAt) }),
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/' });
}
