import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { forbidden, quote } from '@zonewarden/domain';
import { HttpError } from '../common/errors/http-error';
import { AuthContext } from './auth-context';
import { IdentityResolver, headerCredentials } from './identity';
import { checkProjectId } from './project-id';
import { sessionCredentials } from './session/session-cookie';

export const IDENTITY_RESOLVER = Symbol('IDENTITY_RESOLVER');
export const PUBLIC_ROUTE = 'zonewarden:public';

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseBoolean(name: string, value: string | undefined): boolean {
  if (value === undefined) return false;
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off', ''].includes(normalized)) return false;
  throw new HttpError(400, 'bad_request', `${name} must be a boolean, got ${quote(value)}`);
}

function queryFlag(req: Request): string | undefined {
  for (const name of ['all_projects', 'all_tenants']) {
    const value = req.query[name];
    if (Array.isArray(value)) throw new HttpError(400, 'bad_request', `Duplicate filters ${name}`);
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * Authenticates every non-public route (401 without valid credentials: `X-Auth-Token`, or the console's
 * session cookie with its CSRF token for changes) and applies Designate's
 * context headers: `X-Auth-Sudo-Project-ID` and all-projects (header or query) are for admins only (403).
 */
export function createAuthGuard(
  resolver: IdentityResolver,
  reflector: Reflector,
  noauth: boolean,
): CanActivate {
  @Injectable()
  class AuthGuard implements CanActivate {
    async canActivate(context: ExecutionContext): Promise<boolean> {
      if (reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]))
        return true;
      const req = context.switchToHttp().getRequest<Request>();
      // The headers' credentials, or those of the console's session cookie (session/session-cookie.ts).
      const credentials = sessionCredentials(req, noauth) ?? headerCredentials(req);
      const identity = await resolver.resolve(credentials);
      if (!identity)
        throw new HttpError(401, 'unauthorized', 'Authentication required: send a valid X-Auth-Token');
      const isAdmin = identity.roles.includes('admin');
      const sudo = header(req, 'x-auth-sudo-project-id') ?? header(req, 'x-auth-sudo-tenant-id');
      const allProjects =
        parseBoolean('X-Auth-All-Projects', header(req, 'x-auth-all-projects')) ||
        parseBoolean('all_projects', queryFlag(req));
      if ((sudo !== undefined || allProjects) && !isAdmin) throw forbidden();
      const auth: AuthContext = {
        projectId: sudo
          ? checkProjectId(sudo, 'X-Auth-Sudo-Project-ID')
          : identity.projectId && checkProjectId(identity.projectId, 'The project id (X-Auth-Project-ID)'),
        userId: identity.userId,
        roles: identity.roles,
        isAdmin,
        allProjects,
      };
      req.auth = auth;
      return true;
    }
  }
  return new AuthGuard();
}
