import { ListQuery, Page, Scope } from '@zonewarden/persistence';
import { Caller, authorize, scopeOf } from '../caller';
import { pageOrMarkerNotFound } from '../common.errors';
import { DomainError } from '../domain-error';

/** What imports and exports store alike: a caller's task rows. */
export interface TaskStore<T> {
  find(scope: Scope, id: string): Promise<T | null>;
  list(scope: Scope, query: ListQuery): Promise<Page<T> | null>;
  delete(scope: Scope, id: string): Promise<boolean>;
}

/** The rules imports and exports share for their task records: who reads and deletes them, and not found. */
export class TaskAccess<T> {
  constructor(
    private readonly store: TaskStore<T>,
    private readonly notFound: () => DomainError,
  ) {}

  async get(caller: Caller, id: string): Promise<T> {
    authorize(caller, 'read');
    const record = await this.store.find(scopeOf(caller), id);
    if (!record) throw this.notFound();
    return record;
  }

  async list(caller: Caller, query: ListQuery): Promise<Page<T>> {
    authorize(caller, 'read');
    return pageOrMarkerNotFound(await this.store.list(scopeOf(caller), query), query);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    authorize(caller, 'write');
    if (!(await this.store.delete(scopeOf(caller), id))) throw this.notFound();
  }
}
