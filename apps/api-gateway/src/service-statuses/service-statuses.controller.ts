import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Controller, Get, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ServiceStatusesService } from '@zonewarden/domain';
import { SERVICE_STATUS_COLLECTION } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { ApiCollection, ApiErrors } from '../openapi/api-docs';
import { ServiceStatusView, renderServiceStatus } from './service-status.view';

/** Designate's service statuses (also under its singular alias): each process's heartbeats, admins only. */
@ApiTags('service statuses')
@Controller(['v2/service_statuses', 'v2/service_status'])
export class ServiceStatusesController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly statuses: ServiceStatusesService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "List the services' statuses",
    description: 'Admins only. Also served at `/v2/service_status`.',
  })
  @ApiCollection(SERVICE_STATUS_COLLECTION, 'service_statuses', ServiceStatusView, { counted: false })
  @ApiErrors({ 403: '`forbidden`: not an admin.' })
  async list(@Auth() auth: AuthContext, @Req() req: Request) {
    const page = await this.statuses.list(
      auth,
      parseCollectionQuery(req, SERVICE_STATUS_COLLECTION, collectionOptions(this.config)),
    );
    const base = baseUrl(req, this.config.API_PUBLIC_URL);
    // No metadata: Designate counts only zones, record sets, imports, exports and transfer accepts.
    return collectionBody(
      'service_statuses',
      page.items.map((record) => renderServiceStatus(record, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
    );
  }

  @Get(':service_id')
  @ApiOperation({ summary: "Show a service's status", description: 'Admins only.' })
  @ApiOkResponse({ description: 'The status.', type: ServiceStatusView })
  @ApiErrors({ 403: '`forbidden`: not an admin.', 404: '`service_status_not_found`.' })
  async get(
    @Auth() auth: AuthContext,
    @Param('service_id', new UuidPipe('service_id')) id: string,
    @Req() req: Request,
  ) {
    return renderServiceStatus(await this.statuses.get(auth, id), baseUrl(req, this.config.API_PUBLIC_URL));
  }
}
