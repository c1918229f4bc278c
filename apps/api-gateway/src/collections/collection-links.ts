import type { Request } from 'express';
import { Page } from '@zonewarden/persistence';
import { baseUrl } from '../common/http/base-url';

export interface CollectionLinks {
  self: string;
  next?: string;
}

/**
 * `self` is the request as made; `next` carries the last item's id as marker and is present only
 * when more items exist (Designate also adds it after an exactly full last page; we do not).
 */
export function collectionLinks(
  req: Request,
  page: Page<{ id: string }>,
  publicUrl?: string,
): CollectionLinks {
  const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
  const base = `${baseUrl(req, publicUrl)}${path}`;
  const rawQuery = req.originalUrl.includes('?')
    ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)
    : '';
  const links: CollectionLinks = { self: rawQuery ? `${base}?${rawQuery}` : base };
  if (page.hasMore && page.items.length > 0) {
    const params = new URLSearchParams(rawQuery);
    params.set('marker', page.items[page.items.length - 1].id);
    links.next = `${base}?${params.toString()}`;
  }
  return links;
}

/** A v2 collection body: the array first (clients read the first key), then links, then metadata. */
export function collectionBody<T>(
  name: string,
  items: T[],
  links: CollectionLinks,
  totalCount?: number,
): Record<string, unknown> {
  return {
    [name]: items,
    links,
    ...(totalCount === undefined ? {} : { metadata: { total_count: totalCount } }),
  };
}
