import {
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSchema,
  ApiTags,
} from '@nestjs/swagger';
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
import { ApiCollection, ApiErrors, ApiSuccess } from '../openapi/api-docs';
import {
  Field,
  IdField,
  IntegerField,
  ObjectField,
  SelfLink,
  TextField,
  TimestampField,
} from '../openapi/api-schemas';
import { CreatePoolDto, UpdatePoolDto } from './dto/pool.dto';

const PoolId = () => Param('pool_id', new UuidPipe('pool_id'));
const NOT_FOUND = '`pool_not_found`.';
const ADMINS_ONLY = '`forbidden`: not an admin.';

@ApiSchema({ name: 'PoolNsRecord' })
class PoolNsRecordView {
  @TextField({ example: 'ns1.example.org.' }) hostname!: string;
  @IntegerField({ example: 1 }) priority!: number;
}

@ApiSchema({ name: 'Pool' })
class PoolView {
  @IdField() id!: string;
  @TextField({ nullable: true, description: "Null for the pools file's pools." }) project_id!: string | null;
  @TextField({ example: 'default' }) name!: string;
  @TextField({ nullable: true }) description!: string | null;
  @ObjectField() attributes!: Record<string, unknown>;
  @Field({ type: [PoolNsRecordView] }) ns_records!: PoolNsRecordView[];
  @TimestampField() created_at!: string;
  @TimestampField({ nullable: true }) updated_at!: string | null;
  @Field({ type: SelfLink }) links!: SelfLink;
}

/**
 * Designate's pool shape. `project_id` is null for the pools file's pools, as for pools Designate loads with
 * `designate-manage pool update`; a pool created through the API has the one given, else its creator's.
 */
function renderPool(pool: PoolInfoRecord, base: string): PoolView {
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
  @ApiOperation({ summary: 'List pools', description: 'Admins only.' })
  @ApiCollection(POOL_COLLECTION, 'pools', PoolView)
  @ApiErrors({ 403: ADMINS_ONLY })
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
  @ApiOperation({
    summary: 'Create a pool',
    description:
      "Admins only (Designate's deprecated method). Such a pool has no nameservers nor targets and receives no zones.",
  })
  @ApiBody({
    type: CreatePoolDto,
    examples: {
      pool: {
        summary: 'A pool',
        value: {
          name: 'secondary',
          description: 'A second pool',
          ns_records: [{ hostname: 'ns1.example.org.', priority: 1 }],
        },
      },
    },
  })
  @ApiSuccess({ status: 201, description: 'The pool.', type: PoolView, location: true })
  @ApiErrors({
    400: '`invalid_object`; `bad_request` (a hostname listed twice).',
    403: ADMINS_ONLY,
    409: '`duplicate_pool`: the name is taken.',
  })
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
  @ApiOperation({ summary: 'Show a pool', description: 'Admins only.' })
  @ApiOkResponse({ description: 'The pool.', type: PoolView })
  @ApiErrors({ 403: ADMINS_ONLY, 404: NOT_FOUND })
  async get(@Auth() auth: AuthContext, @PoolId() id: string, @Req() req: Request) {
    return renderPool(await this.pools.get(auth, id), baseUrl(req, this.config.API_PUBLIC_URL));
  }

  @Patch(':pool_id')
  @HttpCode(202)
  @ApiOperation({ summary: 'Update a pool', description: 'Admins only; `ns_records` replaces the list.' })
  @ApiSuccess({ status: 202, description: 'The pool.', type: PoolView })
  @ApiErrors({
    400: '`invalid_object`; `bad_request` (new `ns_records` for a pool with zones).',
    403: ADMINS_ONLY,
    404: NOT_FOUND,
    409: '`duplicate_pool`: the name is taken.',
  })
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
  @ApiOperation({ summary: 'Delete a pool', description: 'Admins only.' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors({
    400: '`invalid_operation`: zones use the pool.',
    403: ADMINS_ONLY,
    404: NOT_FOUND,
  })
  async delete(@Auth() auth: AuthContext, @PoolId() id: string): Promise<void> {
    await this.pools.delete(auth, id);
  }
}
