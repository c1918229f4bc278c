import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { Scope } from '@zonewarden/persistence';

export type Role = 'admin' | 'member' | 'reader';

export interface AuthContext {
  /** The project the request acts for (the sudo project when an admin impersonates one). */
  projectId: string;
  userId: string;
  roles: string[];
  isAdmin: boolean;
  /** An admin asked to see every project's resources. */
  allProjects: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

export function scopeOf(auth: AuthContext): Scope {
  return { projectId: auth.allProjects ? null : auth.projectId };
}

/** The caller's AuthContext, set by the AuthGuard. */
export const Auth = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthContext => {
  const auth = ctx.switchToHttp().getRequest<Request>().auth;
  if (!auth) throw new Error('AuthGuard did not run');
  return auth;
});
