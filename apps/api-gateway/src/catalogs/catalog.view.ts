import { CatalogRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';

/** A TLD or a blacklist entry as Designate renders it: `field` is `name` or `pattern`. */
export function renderCatalogEntry<R extends CatalogRecord>(
  entry: R,
  field: keyof R & string,
  collectionUrl: string,
) {
  return {
    id: entry.id,
    [field]: entry[field],
    description: entry.description,
    created_at: formatTimestamp(entry.createdAt),
    updated_at: formatTimestamp(entry.updatedAt),
    links: { self: `${collectionUrl}/${entry.id}` },
  };
}
