import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { TokensService } from '@zonewarden/domain';
import { TokenIdentity } from '@zonewarden/persistence';

const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Who the credentials name: a token of the token store or a project-scoped Keystone token acts for its
 * project; a system-scoped Keystone token for none (`projectId` null: see the domain's Caller).
 */
export interface Identity extends Omit<TokenIdentity, 'projectId'> {
  projectId: string | null;
  /** When the credentials stop being valid (epoch milliseconds), where the identity service tells. */
  expiresAt?: number;
}

/**
 * What a request authenticates with: `X-Auth-Token`, and noauth's context headers (`X-Auth-Project-ID`,
 * `X-Auth-User-ID`, `X-Roles`) — or the same from the console's session cookie (session/).
 */
export interface Credentials {
  token?: string;
  projectId?: string;
  userId?: string;
  /** Comma-separated, as `X-Roles`. */
  roles?: string;
}

export interface IdentityResolver {
  /** The caller's identity, or null when the credentials are missing or not valid. */
  resolve(credentials: Credentials): Promise<Identity | null>;
}

export function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The credentials a request's headers carry. */
export function headerCredentials(req: Request): Credentials {
  return {
    token: header(req, 'x-auth-token'),
    projectId: header(req, 'x-auth-project-id'),
    userId: header(req, 'x-auth-user-id'),
    roles: header(req, 'x-roles'),
  };
}

/** `AUTH_STRATEGY=noauth`: trusts Designate's noauth headers (development and tests only). */
export class NoauthIdentityResolver implements IdentityResolver {
  async resolve(credentials: Credentials): Promise<TokenIdentity> {
    const roles = (credentials.roles ?? 'admin')
      .split(',')
      .map((role) => role.trim().toLowerCase())
      .filter(Boolean);
    return {
      projectId: credentials.projectId || 'noauth-project',
      userId: credentials.userId || 'noauth-user',
      roles,
    };
  }
}

/**
 * `AUTH_STRATEGY=token`: `X-Auth-Token` looked up (by hash) in the token store. Lookups are cached
 * briefly, so the hot path does not touch the database; a revoked token stops working within seconds.
 */
@Injectable()
export class TokenIdentityResolver implements IdentityResolver {
  private readonly cache = new Map<string, { identity: TokenIdentity | null; expires: number }>();

  constructor(private readonly tokens: TokensService) {}

  async resolve({ token }: Credentials): Promise<TokenIdentity | null> {
    if (!token) return null;
    const cached = this.cache.get(token);
    if (cached && cached.expires > Date.now()) return cached.identity;
    const identity = token.length > 512 ? null : await this.tokens.findIdentity(token);
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(token, { identity, expires: Date.now() + CACHE_TTL_MS });
    return identity;
  }
}
