import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_RESPONSE_HEADER = 'X-Openstack-Request-Id';

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
  }
}

/** Gives every request an id (Designate's `req-<uuid>` shape), returned on every response. */
export function assignRequestId(req: Request, res: Response, next: NextFunction): void {
  req.requestId = `req-${randomUUID()}`;
  res.setHeader(REQUEST_ID_RESPONSE_HEADER, req.requestId);
  next();
}
