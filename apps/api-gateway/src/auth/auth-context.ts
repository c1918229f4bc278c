import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { Caller } from '@zonewarden/domain';

export type Role = 'admin' | 'member' | 'reader';

/** The domain's Caller (the project acted for: the sudo project when an admin impersonates one), and who. */
export interface AuthContext extends Caller {
  userId: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

/** The caller's AuthContext, set by the AuthGuard. */
export const Auth = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthContext => {
  const auth = ctx.switchToHttp().getRequest<Request>().auth;
  if (!auth) throw new Error('AuthGuard did not run');
  return auth;
});
