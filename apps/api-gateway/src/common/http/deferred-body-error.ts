import { CanActivate, ExecutionContext, Injectable, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const deferred = new WeakMap<Request, unknown>();

/**
 * `middleware` (a body parser or check) with its refusal kept for later instead of answered at once: a
 * body is judged only once the caller is known, so a client without credentials gets 401 whatever it sent
 * (Designate's keystonemiddleware answers before the body is read). The first refusal is kept.
 */
export function deferBodyErrors(middleware: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    middleware(req, res, (error?: unknown) => {
      if (error !== undefined && error !== null && error !== 'route' && !deferred.has(req))
        deferred.set(req, error);
      next();
    });
}

/** Raises the body's refusal kept by deferBodyErrors: a global guard right after authentication. */
@Injectable()
export class RefuseDeferredBody implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (deferred.has(req)) throw deferred.get(req);
    return true;
  }
}

/**
 * RefuseDeferredBody for every route: a module of its own, imported right after AuthModule (Nest runs global
 * guards in the order their modules are scanned), so 401 comes first, then the body's 400/413/415.
 */
@Module({ providers: [{ provide: APP_GUARD, useClass: RefuseDeferredBody }] })
export class DeferredBodyErrorModule {}
