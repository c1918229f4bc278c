import { ApiSchema } from '@nestjs/swagger';
import { CatalogRecord } from '@zonewarden/persistence';
import { formatTimestamp } from '../common/http/timestamps';
import { Field, IdField, SelfLink, TextField, TimestampField } from '../openapi/api-schemas';

/** What a TLD and a blacklist entry share; each adds its value's field. */
export class CatalogEntryView {
  @IdField() id!: string;
  @TextField({ nullable: true }) description!: string | null;
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: SelfLink }) links!: SelfLink;
}

@ApiSchema({ name: 'Tld' })
export class TldView extends CatalogEntryView {
  @TextField({ description: 'Lower case, without a final dot.', example: 'com' }) name!: string;
}

@ApiSchema({ name: 'Blacklist' })
export class BlacklistView extends CatalogEntryView {
  @TextField({ description: 'A Python `re` pattern, searched in zone names.', example: '^example\\.org\\.$' })
  pattern!: string;
}

/** A TLD or a blacklist entry as Designate renders it: `field` is `name` or `pattern`. */
export function renderCatalogEntry<R extends CatalogRecord>(
  entry: R,
  field: keyof R & string,
  collectionUrl: string,
): CatalogEntryView & Record<string, unknown> {
  return {
    id: entry.id,
    [field]: entry[field],
    description: entry.description,
    created_at: formatTimestamp(entry.createdAt),
    updated_at: formatTimestamp(entry.updatedAt),
    links: { self: `${collectionUrl}/${entry.id}` },
  };
}
