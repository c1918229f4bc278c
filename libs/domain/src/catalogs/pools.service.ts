import { Injectable } from '@nestjs/common';
import {
  ListQuery,
  NewPool,
  Page,
  PoolCatalogRepository,
  PoolChanges,
  PoolInfoRecord,
} from '@zonewarden/persistence';
import { Caller, authorize } from '../caller';
import { badRequest, pageOrMarkerNotFound } from '../common.errors';
import { duplicatePool, poolHasZones, poolNotFound } from './catalogs.errors';

/** Each hostname once in a pool's ns_records (they are its zones' apex NS records). */
function checkNsRecords(nsRecords: NewPool['nsRecords'] | undefined): void {
  const hostnames = (nsRecords ?? []).map((ns) => ns.hostname.toLowerCase());
  if (new Set(hostnames).size !== hostnames.length) throw badRequest('Duplicate hostname in ns_records');
}

/**
 * The pools, admin only (Designate 15's `find_pools` … `delete_pool`). They come from the pools file; an
 * admin may also create, change and delete pools through the API, as Designate's deprecated pool methods
 * allow. A pool with zones keeps its ns_records (its zones' apex NS) and cannot be deleted: Designate
 * refuses the deletion as well, and rewrites its zones' NS records on an ns_records change, which we do not.
 */
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

  async create(caller: Caller, pool: NewPool): Promise<PoolInfoRecord> {
    authorize(caller, 'admin');
    checkNsRecords(pool.nsRecords);
    const created = await this.pools.insert(pool);
    if (!created) throw duplicatePool();
    return created;
  }

  async update(caller: Caller, id: string, changes: PoolChanges): Promise<PoolInfoRecord> {
    authorize(caller, 'admin');
    checkNsRecords(changes.nsRecords);
    const updated = await this.pools.update(id, changes, ({ hasZones }) => {
      if (hasZones && changes.nsRecords)
        throw badRequest('ns_records of a pool with zones are set in the pools file');
    });
    if (updated === 'duplicate') throw duplicatePool();
    if (!updated) throw poolNotFound();
    return updated;
  }

  async delete(caller: Caller, id: string): Promise<void> {
    authorize(caller, 'admin');
    const deleted = await this.pools.delete(id, ({ hasZones }) => {
      if (hasZones) throw poolHasZones();
    });
    if (!deleted) throw poolNotFound();
  }
}
