import { Injectable } from '@nestjs/common';
import { PoolConfig } from '@zonewarden/config';
import { PoolsRepository } from '@zonewarden/persistence';

/** The pools file's pools (POOLS_FILE) in storage: `pools update` of the CLI. */
@Injectable()
export class PoolsFileService {
  constructor(private readonly pools: PoolsRepository) {}

  /** Makes storage match the pools; running it again changes nothing. */
  sync(pools: PoolConfig[]): Promise<void> {
    return this.pools.sync(pools);
  }
}
