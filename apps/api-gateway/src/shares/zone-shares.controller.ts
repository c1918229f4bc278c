import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ZoneSharesService } from '@zonewarden/domain';
import { ZONE_SHARE_COLLECTION } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { CreateZoneShareDto } from './zone-share.dto';
import { renderZoneShare } from './zone-share.view';

const ZoneId = () => Param('zone_id', new UuidPipe('zone_id'));
const ShareId = () => Param('zone_share_id', new UuidPipe('zone_share_id'));

/** `/v2/zones/{zone_id}/shares` (Designate API v2.1): sharing a zone with another project. */
@ApiTags('shared zones')
@Controller('v2/zones/:zone_id/shares')
export class ZoneSharesController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly shares: ZoneSharesService,
  ) {}

  @Post()
  @HttpCode(201)
  async create(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @Body(new ObjectBodyPipe(CreateZoneShareDto, 'shared_zone')) dto: CreateZoneShareDto,
    @Req() req: Request,
  ) {
    return renderZoneShare(await this.shares.share(auth, zoneId, dto.target_project_id), this.base(req));
  }

  @Get()
  async list(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @Req() req: Request) {
    const limits = collectionOptions(this.config);
    const page = await this.shares.list(
      auth,
      zoneId,
      parseCollectionQuery(req, ZONE_SHARE_COLLECTION, limits),
    );
    const base = this.base(req);
    return collectionBody(
      'shared_zones',
      page.items.map((share) => renderZoneShare(share, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
    );
  }

  @Get(':zone_share_id')
  async get(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @ShareId() id: string, @Req() req: Request) {
    return renderZoneShare(await this.shares.get(auth, zoneId, id), this.base(req));
  }

  @Delete(':zone_share_id')
  @HttpCode(204)
  async delete(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @ShareId() id: string): Promise<void> {
    await this.shares.unshare(auth, zoneId, id);
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
