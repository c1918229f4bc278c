import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
import { ApiCollection, ApiErrors, ApiSuccess } from '../openapi/api-docs';
import { ZoneShareView, renderZoneShare } from './zone-share.view';

const ZoneId = () => Param('zone_id', new UuidPipe('zone_id'));
const ShareId = () => Param('zone_share_id', new UuidPipe('zone_share_id'));
const ZONE_NOT_FOUND = '`zone_not_found`: no such zone, or one the caller does not see.';

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
  @ApiOperation({
    summary: 'Share a zone with a project',
    description: 'The owner only. The project then sees the zone and creates record sets in it.',
  })
  @ApiBody({
    type: CreateZoneShareDto,
    examples: { share: { summary: 'Share', value: { target_project_id: 'project-two' } } },
  })
  @ApiSuccess({ status: 201, description: 'The share.', type: ZoneShareView })
  @ApiErrors({
    400: '`invalid_object`; `bad_request` (the owner itself, a deleting zone); `invalid_project` (Keystone does not know it).',
    403: '`forbidden`: not the owner.',
    404: ZONE_NOT_FOUND,
    409: '`duplicate_zone_share`: already shared with that project.',
  })
  async create(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @Body(new ObjectBodyPipe(CreateZoneShareDto, 'shared_zone')) dto: CreateZoneShareDto,
    @Req() req: Request,
  ) {
    return renderZoneShare(await this.shares.share(auth, zoneId, dto.target_project_id), this.base(req));
  }

  @Get()
  @ApiOperation({ summary: "List a zone's shares" })
  @ApiCollection(ZONE_SHARE_COLLECTION, 'shared_zones', ZoneShareView, { counted: false })
  @ApiErrors({ 404: ZONE_NOT_FOUND })
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
  @ApiOperation({ summary: 'Show a zone share' })
  @ApiOkResponse({ description: 'The share.', type: ZoneShareView })
  @ApiErrors({ 404: `${ZONE_NOT_FOUND} \`shared_zone_not_found\`.` })
  async get(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @ShareId() id: string, @Req() req: Request) {
    return renderZoneShare(await this.shares.get(auth, zoneId, id), this.base(req));
  }

  @Delete(':zone_share_id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Unshare a zone',
    description: 'The owner only; the project loses the zone at once.',
  })
  @ApiNoContentResponse({ description: 'Unshared.' })
  @ApiErrors({
    400: '`shared_zone_has_recordsets`: the project still has record sets in the zone.',
    403: '`forbidden`: not the owner.',
    404: `${ZONE_NOT_FOUND} \`shared_zone_not_found\`.`,
  })
  async delete(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @ShareId() id: string): Promise<void> {
    await this.shares.unshare(auth, zoneId, id);
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
