import {
  ApiBody,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiSchema,
  ApiTags,
} from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PoolMoveService, ZonesService } from '@zonewarden/domain';
import { ZONE_COLLECTION, ZoneRecord } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { successStatus } from '../common/http/success-status';
import { GatewayConfig } from '../config/gateway.config';
import { MetricsService } from '../metrics/metrics.service';
import { CreateZoneDto } from './dto/create-zone.dto';
import { PoolMoveDto } from './dto/pool-move.dto';
import { UpdateZoneDto } from './dto/update-zone.dto';
import { ApiCollection, ApiErrors, ApiSuccess } from '../openapi/api-docs';
import { Field, IntegerField, TextField } from '../openapi/api-schemas';
import { ZoneView, renderZone } from './zone.view';

const ZoneId = () => Param('zone_id', new UuidPipe('zone_id'));
const ZONE_NOT_FOUND = "`zone_not_found`: no such zone, or another project's.";

@ApiSchema({ name: 'Nameserver' })
class NameserverView {
  @TextField({ example: 'ns1.example.org.' }) hostname!: string;
  @IntegerField({ example: 1 }) priority!: number;
}

@ApiSchema({ name: 'Nameservers' })
class NameserversView {
  @Field({ type: [NameserverView] }) nameservers!: NameserverView[];
}

const CREATE_EXAMPLES = {
  primary: {
    summary: 'A primary zone',
    value: {
      name: 'example.com.',
      email: 'hostmaster@example.com',
      ttl: 3600,
      description: 'The example zone',
    },
  },
  secondary: {
    summary: 'A secondary zone, transferred from its masters',
    value: { name: 'example.net.', type: 'SECONDARY', masters: ['192.0.2.1'] },
  },
};

@ApiTags('zones')
@Controller('v2/zones')
export class ZonesController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly zones: ZonesService,
    private readonly poolMoves: PoolMoveService,
    private readonly metrics: MetricsService,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a zone',
    description:
      "The zone gets managed SOA and NS record sets and propagates to the pool's targets. `Location` is the zone's URL.",
  })
  @ApiBody({ type: CreateZoneDto, examples: CREATE_EXAMPLES })
  @ApiSuccess({
    status: 201,
    designateStatus: 202,
    description: 'The zone, being created.',
    type: ZoneView,
    location: true,
  })
  @ApiErrors({
    400: '`invalid_object` (the body), `invalid_zone_name` (an unknown TLD, a TLD itself, a blacklisted name).',
    403: "`forbidden` (a reader), `illegal_child` / `illegal_parent` (inside or above another project's zone).",
    409: '`duplicate_zone`: a live zone has that name.',
    413: '`over_quota`: the project has its quota of zones.',
  })
  async create(
    @Auth() auth: AuthContext,
    @Body(new ObjectBodyPipe(CreateZoneDto, 'zone')) dto: CreateZoneDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const zone = this.render(await this.zones.create(auth, dto, req.requestId), req);
    this.metrics.zoneChanges.inc({ action: 'CREATE' });
    res.status(successStatus(this.config, 'createZone')).location(zone.links.self);
    return zone;
  }

  @Get()
  @ApiOperation({
    summary: 'List zones',
    description: "The project's zones and those shared with it (every project's with all-projects).",
  })
  @ApiCollection(ZONE_COLLECTION, 'zones', ZoneView)
  async list(@Auth() auth: AuthContext, @Req() req: Request) {
    const limits = collectionOptions(this.config);
    const page = await this.zones.list(auth, parseCollectionQuery(req, ZONE_COLLECTION, limits));
    return collectionBody(
      'zones',
      page.items.map((zone) => this.render(zone, req)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  @Get(':zone_id')
  @ApiOperation({ summary: 'Show a zone' })
  @ApiOkResponse({ description: 'The zone.', type: ZoneView })
  @ApiErrors({ 404: ZONE_NOT_FOUND })
  async get(@Auth() auth: AuthContext, @ZoneId() id: string, @Req() req: Request) {
    return this.render(await this.zones.get(auth, id), req);
  }

  @Patch(':zone_id')
  @ApiOperation({
    summary: 'Update a zone',
    description:
      'Writable: `email`, `ttl`, `description` (a SECONDARY zone: `description` only). The serial and version are bumped.',
  })
  @ApiBody({
    type: UpdateZoneDto,
    examples: { ttl: { summary: 'A new TTL and description', value: { ttl: 7200, description: 'Updated' } } },
  })
  @ApiSuccess({ status: 200, designateStatus: 202, description: 'The updated zone.', type: ZoneView })
  @ApiErrors({
    400: '`invalid_object` (`name`, `type` or a read-only key), `bad_request` (a deleting zone).',
    403: '`forbidden`: a reader, or a project the zone is only shared with.',
    404: ZONE_NOT_FOUND,
  })
  async update(
    @Auth() auth: AuthContext,
    @ZoneId() id: string,
    @Body(new ObjectBodyPipe(UpdateZoneDto, 'zone')) dto: UpdateZoneDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const changes = { email: dto.email, ttl: dto.ttl, description: dto.description };
    const zone = this.render(await this.zones.update(auth, id, changes, req.requestId), req);
    this.metrics.zoneChanges.inc({ action: 'UPDATE' });
    res.status(successStatus(this.config, 'updateZone'));
    return zone;
  }

  /** `X-Designate-Delete-Shares: true` deletes a shared zone (and its shares). */
  @Delete(':zone_id')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Delete a zone',
    description:
      'Asynchronous: the zone is `PENDING`/`DELETE`, readable and listed until every target dropped it, then purged.',
  })
  @ApiHeader({
    name: 'X-Designate-Delete-Shares',
    required: false,
    description: '`true` deletes a shared zone and its shares (else 400 `zone_is_shared`).',
    schema: { type: 'string', enum: ['true', 'false'] },
  })
  @ApiSuccess({ status: 202, description: 'The zone, being deleted.', type: ZoneView })
  @ApiErrors({
    400: '`zone_is_shared`: the zone is shared (see `X-Designate-Delete-Shares`).',
    403: '`forbidden`: a reader, or a project the zone is only shared with.',
    404: ZONE_NOT_FOUND,
  })
  async delete(@Auth() auth: AuthContext, @ZoneId() id: string, @Req() req: Request) {
    const deleteShares = String(req.headers['x-designate-delete-shares']).toLowerCase() === 'true';
    const zone = this.render(await this.zones.delete(auth, id, req.requestId, deleteShares), req);
    this.metrics.zoneChanges.inc({ action: 'DELETE' });
    return zone;
  }

  @Get(':zone_id/nameservers')
  @ApiOperation({ summary: "List a zone's nameservers", description: "The pool's NS records." })
  @ApiOkResponse({ description: 'The nameservers.', type: NameserversView })
  @ApiErrors({ 404: ZONE_NOT_FOUND })
  async nameservers(@Auth() auth: AuthContext, @ZoneId() id: string): Promise<NameserversView> {
    const records = await this.zones.nameservers(auth, id);
    return { nameservers: records.map(({ hostname, priority }) => ({ hostname, priority })) };
  }

  /** Designate's: a transfer of the SECONDARY zone from its masters, now (zone-worker carries it out). */
  @Post(':zone_id/tasks/xfr')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Transfer a secondary zone now',
    description: 'A transfer from its masters whatever their serial, carried out by zone-worker. No body.',
  })
  @ApiResponse({ status: 202, description: 'Requested; empty body.' })
  @ApiErrors({
    400: "`bad_request`: not a SECONDARY zone (`Can't XFR a non Secondary zone.`), or a deleting zone.",
    404: ZONE_NOT_FOUND,
  })
  async xfr(@Auth() auth: AuthContext, @ZoneId() id: string, @Req() req: Request): Promise<void> {
    await this.zones.requestXfr(auth, id, req.requestId);
  }

  @Post(':zone_id/tasks/abandon')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Abandon a zone',
    description: 'Admins only: the zone and its record sets leave storage; the targets are not touched.',
  })
  @ApiNoContentResponse({ description: 'Abandoned.' })
  @ApiErrors({ 403: '`forbidden`: not an admin.', 404: ZONE_NOT_FOUND })
  async abandon(@Auth() auth: AuthContext, @ZoneId() id: string): Promise<void> {
    await this.zones.abandon(auth, id);
  }

  /** Designate 18's: the zone moves to another pool, never unserved on the way (pool-manager carries it out). */
  @Post(':zone_id/tasks/pool_move')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Move a zone to another pool',
    description:
      "Admins only. The zone is provisioned on the new pool's targets and confirmed there, then removed from the old " +
      "pool's; its NS records become the new pool's. Without `pool_id`, the scheduler's choice (the default pool).",
  })
  @ApiBody({
    type: PoolMoveDto,
    examples: {
      pool: { summary: 'To a given pool', value: { pool_id: '794ccc2c-d751-44fe-b57f-8894c9f5c842' } },
      scheduled: { summary: "To the scheduler's choice", value: {} },
    },
  })
  @ApiResponse({ status: 202, description: 'The move has started (the zone is PENDING); empty body.' })
  @ApiErrors({
    400:
      '`bad_request`: a deleting zone, the same pool (`Target pool must be different for zone pool move`), no other ' +
      'pool to choose (`No valid pool selected`), a pool that does not exist, a move under way; `invalid_object`; ' +
      '`empty_request_body`.',
    403: '`forbidden`: not an admin.',
    404: ZONE_NOT_FOUND,
  })
  async poolMove(
    @Auth() auth: AuthContext,
    @ZoneId() id: string,
    @Body(new ObjectBodyPipe(PoolMoveDto, 'zone')) dto: PoolMoveDto,
    @Req() req: Request,
  ): Promise<void> {
    await this.poolMoves.move(auth, id, dto.pool_id, req.requestId);
    this.metrics.zoneChanges.inc({ action: 'UPDATE' });
  }

  private render(zone: ZoneRecord, req: Request) {
    return renderZone(zone, this.base(req), this.config.DESIGNATE_STATUS_CODES);
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
