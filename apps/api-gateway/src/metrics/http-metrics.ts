import type { NextFunction, Request, Response } from 'express';
import { MetricsService } from './metrics.service';

/** Times every request, labelled by its route pattern (not the raw path, which would explode the series). */
export function httpMetrics(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = metrics.httpDuration.startTimer({ method: req.method });
    res.once('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      stop({ route: `${req.baseUrl}${route}`, status: String(res.statusCode) });
    });
    next();
  };
}
