import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { HttpError } from '../errors/http-error';

const SERVES = 'zonewarden:serves';
const JSON_TYPE = 'application/json';

/** The media type a route answers with, when it is not JSON (the export download: text/dns). */
export const Serves = (mediaType: string) => SetMetadata(SERVES, mediaType);

/**
 * Content negotiation as Designate does it, for every route in one place: a request whose Accept rules
 * out what the route serves (JSON unless @Serves says otherwise) gets 406 not_acceptable before any work
 * is done. No Accept, `*\/*`, `application/*` and `application/json` all take JSON. A guard, after
 * the rate limit and authentication (ContentNegotiationModule), not an interceptor: with no interceptor,
 * Nest calls a handler without its RxJS pipeline (a GET of one zone +24% req/s, docs/footprint.md).
 */
@Injectable()
export class NegotiateContent implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const served =
      this.reflector.getAllAndOverride<string | undefined>(SERVES, [
        context.getHandler(),
        context.getClass(),
      ]) ?? JSON_TYPE;
    const req = context.switchToHttp().getRequest<Request>();
    const accept = req.headers.accept;
    // The usual headers take the served type without parsing them (what req.accepts would answer too).
    if (accept && accept !== '*/*' && accept !== served && !req.accepts(served)) {
      throw new HttpError(
        406,
        'not_acceptable',
        `This resource is served as ${served} only, which the Accept header does not allow`,
      );
    }
    return true;
  }
}
