import type { NextFunction, Request, Response } from 'express';
import { MetricsService } from './metrics.service';

/**
 * Times every request, labelled by its route pattern (not the raw path, which would explode the series).
 * The labelled children are kept, so the hot path does one map lookup instead of hashing label sets.
 */
export function httpMetrics(metrics: MetricsService) {
  const children = new Map<string, { observe(seconds: number): void }>();
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = `${req.baseUrl}${(req.route as { path?: string } | undefined)?.path ?? 'unmatched'}`;
      const key = `${req.method} ${route} ${res.statusCode}`;
      let child = children.get(key);
      if (!child) {
        child = metrics.httpDuration.labels({ method: req.method, route, status: String(res.statusCode) });
        children.set(key, child);
      }
      child.observe(Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
