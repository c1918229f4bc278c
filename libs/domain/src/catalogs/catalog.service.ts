import {
  CatalogChanges,
  CatalogRecord,
  CatalogTable,
  CollectionSpec,
  ListQuery,
  Page,
} from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { pageOrMarkerNotFound } from '../common.errors';
import { DomainError } from '../domain-error';

/** The errors of one catalog. */
export interface CatalogErrors {
  notFound: () => DomainError;
  duplicate: () => DomainError;
}

/**
 * An operator's catalog (TLDs, blacklists): every action is admin-only, as Designate 15's default
 * policies have it (`create_tld` … `delete_blacklist`: `role:admin`). `normalize` checks and shapes a value.
 */
export class CatalogService<R extends CatalogRecord> {
  constructor(
    private readonly table: CatalogTable<R>,
    private readonly errors: CatalogErrors,
    private readonly normalize: (value: string) => string,
  ) {}

  /** The collection's filters and sort keys, for the gateway's query parsing. */
  get collection(): CollectionSpec {
    return this.table.collection;
  }

  async create(caller: Caller, value: string, description: string | null): Promise<R> {
    authorize(caller, 'admin');
    const created = await this.table.insert(this.normalize(value), description);
    if (!created) throw this.errors.duplicate();
    return created;
  }

  async get(caller: Caller, id: string): Promise<R> {
    authorize(caller, 'admin');
    const entry = await this.table.find(id);
    if (!entry) throw this.errors.notFound();
    return entry;
  }

  async list(caller: Caller, query: ListQuery): Promise<Page<R>> {
    authorize(caller, 'admin');
    return pageOrMarkerNotFound(await this.table.list(query), query);
  }

  async update(caller: Caller, id: string, changes: CatalogChanges): Promise<R> {
    authorize(caller, 'admin');
    const value = changes.value === undefined ? undefined : this.normalize(changes.value);
    const updated = await this.table.update(id, { ...changes, value });
    if (updated === 'duplicate') throw this.errors.duplicate();
    if (!updated) throw this.errors.notFound();
    return updated;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    authorize(caller, 'admin');
    if (!(await this.table.delete(id))) throw this.errors.notFound();
  }
}
