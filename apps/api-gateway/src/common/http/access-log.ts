import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

const logger = new Logger('http');

/** One structured line per request: its id (also in X-Openstack-Request-Id), route, status and duration. */
export function accessLog(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    logger.log({
      msg: `${req.method} ${req.originalUrl} ${res.statusCode}`,
      requestId: req.requestId,
      status: res.statusCode,
      ms: Number(process.hrtime.bigint() - started) / 1e6,
    });
  });
  next();
}
