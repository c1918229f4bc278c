import { Injectable } from '@nestjs/common';
import { ListQuery, Page, PoolCatalogRepository, PoolInfoRecord } from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { pageOrMarkerNotFound } from '../common.errors';
import { poolNotFound } from './catalogs.errors';

/** The pools, read-only: they come from the pools file. Admin only (Designate 15: `find_pools`, `get_pool`). */
@Injectable()
export class PoolsService {
  constructor(private readonly pools: PoolCatalogRepository) {}

  async get(caller: Caller, id: string): Promise<PoolInfoRecord> {
    authorize(caller, 'admin');
    const pool = await this.pools.find(id);
    if (!pool) throw poolNotFound();
    return pool;
  }

  async list(caller: Caller, query: ListQuery): Promise<Page<PoolInfoRecord>> {
    authorize(caller, 'admin');
    return pageOrMarkerNotFound(await this.pools.list(query), query);
  }
}
