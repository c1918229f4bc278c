import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ZonesService } from '@zonewarden/domain';
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
import { UpdateZoneDto } from './dto/update-zone.dto';
import { renderZone } from './zone.view';

const ZoneId = () => Param('zone_id', new UuidPipe('zone_id'));

@ApiTags('zones')
@Controller('v2/zones')
export class ZonesController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly zones: ZonesService,
    private readonly metrics: MetricsService,
  ) {}

  @Post()
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
  async get(@Auth() auth: AuthContext, @ZoneId() id: string, @Req() req: Request) {
    return this.render(await this.zones.get(auth, id), req);
  }

  @Patch(':zone_id')
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
  async delete(@Auth() auth: AuthContext, @ZoneId() id: string, @Req() req: Request) {
    const deleteShares = String(req.headers['x-designate-delete-shares']).toLowerCase() === 'true';
    const zone = this.render(await this.zones.delete(auth, id, req.requestId, deleteShares), req);
    this.metrics.zoneChanges.inc({ action: 'DELETE' });
    return zone;
  }

  @Get(':zone_id/nameservers')
  async nameservers(@Auth() auth: AuthContext, @ZoneId() id: string) {
    const records = await this.zones.nameservers(auth, id);
    return { nameservers: records.map(({ hostname, priority }) => ({ hostname, priority })) };
  }

  /** Designate's: a transfer of the SECONDARY zone from its masters, now (zone-worker carries it out). */
  @Post(':zone_id/tasks/xfr')
  @HttpCode(202)
  async xfr(@Auth() auth: AuthContext, @ZoneId() id: string, @Req() req: Request): Promise<void> {
    await this.zones.requestXfr(auth, id, req.requestId);
  }

  @Post(':zone_id/tasks/abandon')
  @HttpCode(204)
  async abandon(@Auth() auth: AuthContext, @ZoneId() id: string): Promise<void> {
    await this.zones.abandon(auth, id);
  }

  private render(zone: ZoneRecord, req: Request) {
    return renderZone(zone, this.base(req), this.config.DESIGNATE_STATUS_CODES);
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
