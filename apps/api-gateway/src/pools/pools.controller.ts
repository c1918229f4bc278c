import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PoolsService } from '@zonewarden/domain';
import { POOL_COLLECTION, PoolInfoRecord } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { formatTimestamp } from '../common/http/timestamps';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { CreatePoolDto, UpdatePoolDto } from './dto/pool.dto';

const PoolId = () => Param('pool_id', new UuidPipe('pool_id'));

/**
 * Designate's pool shape. `project_id` is null for the pools file's pools, as for pools Designate loads with
 * `designate-manage pool update`; a pool created through the API has the one given, else its creator's.
 */
function renderPool(pool: PoolInfoRecord, base: string) {
  return {
    id: pool.id,
    project_id: pool.projectId,
    name: pool.name,
    description: pool.description,
    attributes: pool.attributes,
    ns_records: pool.nsRecords,
    created_at: formatTimestamp(pool.createdAt),
    updated_at: formatTimestamp(pool.updatedAt),
    links: { self: `${base}/v2/pools/${pool.id}` },
  };
}

/**
 * `/v2/pools`: the pools file's pools, and those an admin creates here (Designate 15's deprecated POST 201,
 * PATCH 202, DELETE 204). The pools file stays the source of its own pools: it is applied again at start.
 */
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
      parseCollectionQuery(req, POOL_COLLECTION, collectionOptions(this.config)),
    );
    const base = baseUrl(req, this.config.API_PUBLIC_URL);
    return collectionBody(
      'pools',
      page.items.map((pool) => renderPool(pool, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  @Post()
  async create(
    @Auth() auth: AuthContext,
    @Body(new ObjectBodyPipe(CreatePoolDto, 'pool')) dto: CreatePoolDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const pool = await this.pools.create(auth, {
      name: dto.name,
      description: dto.description ?? null,
      projectId: dto.project_id === undefined ? auth.projectId : dto.project_id,
      attributes: dto.attributes ?? {},
      nsRecords: dto.ns_records ?? [],
    });
    const view = renderPool(pool, baseUrl(req, this.config.API_PUBLIC_URL));
    res.status(201).location(view.links.self);
    return view;
  }

  @Get(':pool_id')
  async get(@Auth() auth: AuthContext, @PoolId() id: string, @Req() req: Request) {
    return renderPool(await this.pools.get(auth, id), baseUrl(req, this.config.API_PUBLIC_URL));
  }

  @Patch(':pool_id')
  @HttpCode(202)
  async update(
    @Auth() auth: AuthContext,
    @PoolId() id: string,
    @Body(new ObjectBodyPipe(UpdatePoolDto, 'pool')) dto: UpdatePoolDto,
    @Req() req: Request,
  ) {
    const changes = {
      name: dto.name,
      description: dto.description,
      projectId: dto.project_id,
      attributes: dto.attributes,
      nsRecords: dto.ns_records,
    };
    return renderPool(await this.pools.update(auth, id, changes), baseUrl(req, this.config.API_PUBLIC_URL));
  }

  @Delete(':pool_id')
  @HttpCode(204)
  async delete(@Auth() auth: AuthContext, @PoolId() id: string): Promise<void> {
    await this.pools.delete(auth, id);
  }
}
