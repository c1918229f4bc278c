import { ApiTags } from '@nestjs/swagger';
import { Controller, Get, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PoolsService } from '@zonewarden/domain';
import { POOL_COLLECTION, PoolInfoRecord } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { formatTimestamp } from '../common/http/timestamps';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';

/**
 * Designate's pool shape. Pools come from the pools file, not from a project: `project_id` is null, as
 * for pools Designate loads with `designate-manage pool update`.
 */
function renderPool(pool: PoolInfoRecord, base: string) {
  return {
    id: pool.id,
    project_id: null,
    name: pool.name,
    description: pool.description,
    attributes: pool.attributes,
    ns_records: pool.nsRecords,
    created_at: formatTimestamp(pool.createdAt),
    updated_at: formatTimestamp(pool.updatedAt),
    links: { self: `${base}/v2/pools/${pool.id}` },
  };
}

/** `/v2/pools`, read-only: the pools file is the source (POST, PATCH and DELETE answer 405). */
@ApiTags('pools')
@Controller('v2/pools')
export class PoolsController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly pools: PoolsService,
  ) {}

  @Get()
  async list(@Auth() auth: AuthContext, @Req() req: Request) {
    const page = await this.pools.list(
      auth,
      parseCollectionQuery(req.query, POOL_COLLECTION, collectionOptions(this.config)),
    );
    const base = baseUrl(req, this.config.API_PUBLIC_URL);
    return collectionBody(
      'pools',
      page.items.map((pool) => renderPool(pool, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  @Get(':pool_id')
  async get(
    @Auth() auth: AuthContext,
    @Param('pool_id', new UuidPipe('pool_id')) id: string,
    @Req() req: Request,
  ) {
    return renderPool(await this.pools.get(auth, id), baseUrl(req, this.config.API_PUBLIC_URL));
  }
}
