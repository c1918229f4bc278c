import type { Request } from 'express';

/** The base of absolute links: the configured public URL, else the scheme and Host of the request. */
export function baseUrl(req: Request, publicUrl?: string): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;
}
