import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, LegacyDomainsService, ZonesService } from '@zonewarden/domain';
import { Auth, AuthContext } from '../auth/auth-context';
import { HttpError } from '../common/errors/http-error';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { MetricsService } from '../metrics/metrics.service';
import { ApiLegacyErrors } from '../openapi/api-docs';
import {
  DomainListView,
  DomainView,
  ServerView,
  renderDomain,
  renderDomainSummary,
  renderServer,
} from './domain.view';
import { CreateDomainDto } from './dto/create-domain.dto';
import { UpdateDomainDto } from './dto/update-domain.dto';

const DOMAIN_NOT_FOUND =
  "`domain_not_found`: missing, another project's or being deleted (any id that is not a UUID too).";
const EXAMPLE = { name: 'legacy.example.com.', email: 'hostmaster@example.com', ttl: 3600 };

const DomainId = () => Param('domain_id', new UuidPipe('domain_id', { status: 404, type: 'zone_not_found' }));

/** The legacy domain interface, unprefixed as specified and under /v1 as Designate mounted it. */
@ApiTags('legacy domains')
@Controller(['domains', 'v1/domains'])
export class DomainsController {
  constructor(
    private readonly zones: ZonesService,
    private readonly domains: LegacyDomainsService,
    private readonly metrics: MetricsService,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create a domain (legacy)',
    description: 'A primary zone, as `POST /v2/zones` creates it. Also under `/v1/domains`.',
  })
  @ApiBody({ type: CreateDomainDto, examples: { domain: { summary: 'A domain', value: EXAMPLE } } })
  @ApiOkResponse({ description: 'The domain (200, the legacy contract).', type: DomainView })
  @ApiLegacyErrors({
    400: '`invalid_object`, `invalid_domain_name`.',
    403: '`forbidden`, `illegal_child`, `illegal_parent`.',
    409: '`duplicate_domain`.',
    413: '`over_quota`.',
  })
  async create(
    @Auth() auth: AuthContext,
    @Body(new ObjectBodyPipe(CreateDomainDto, 'domain')) dto: CreateDomainDto,
    @Req() req: Request,
  ) {
    const domain = renderDomain(await this.zones.create(auth, dto, req.requestId, 'legacy'));
    this.metrics.zoneChanges.inc({ action: 'CREATE' });
    return domain;
  }

  @Get()
  @ApiOperation({
    summary: 'List domains (legacy)',
    description: 'Oldest first, no paging. Also under `/v1/domains`.',
  })
  @ApiOkResponse({ description: 'The domains.', type: DomainListView })
  async list(@Auth() auth: AuthContext): Promise<DomainListView> {
    return { domains: (await this.domains.list(auth)).map(renderDomainSummary) };
  }

  @Get(':domain_id')
  @ApiOperation({ summary: 'Show a domain (legacy)' })
  @ApiOkResponse({ description: 'The domain.', type: DomainView })
  @ApiLegacyErrors({ 404: DOMAIN_NOT_FOUND })
  async get(@Auth() auth: AuthContext, @DomainId() id: string) {
    return renderDomain(await this.domains.get(auth, id));
  }

  @Put(':domain_id')
  @ApiOperation({
    summary: 'Update a domain (legacy)',
    description:
      '`ttl`, `email`, `description`; `name` only unchanged. A missing domain is a 400 here (the legacy contract).',
  })
  @ApiBody({ type: UpdateDomainDto, examples: { ttl: { summary: 'A new TTL', value: { ttl: 7200 } } } })
  @ApiOkResponse({ description: 'The domain, with a new serial.', type: DomainView })
  @ApiLegacyErrors({
    400: '`invalid_object` (a rename too); `domain_not_found`: no such domain.',
    403: '`forbidden`.',
  })
  async update(
    @Auth() auth: AuthContext,
    @Param('domain_id', new UuidPipe('domain_id', { status: 400, type: 'zone_not_found' })) id: string,
    @Body(new ObjectBodyPipe(UpdateDomainDto, 'domain')) dto: UpdateDomainDto,
    @Req() req: Request,
  ) {
    const updated = await this.domains.update(auth, id, dto, req.requestId).catch((error: unknown) => {
      // The legacy contract: a missing domain is a 400 here.
      if (error instanceof DomainError && error.code === 'zone_not_found')
        throw new HttpError(400, error.code, error.message);
      throw error;
    });
    this.metrics.zoneChanges.inc({ action: 'UPDATE' });
    return renderDomain(updated);
  }

  /** 200 with an empty text/html body (Flask's default, which legacy clients expect); the delete is asynchronous. */
  @Delete(':domain_id')
  @ApiOperation({
    summary: 'Delete a domain (legacy)',
    description:
      'Starts the asynchronous delete; answers 200 with an empty text/html body (the legacy contract).',
  })
  @ApiResponse({
    status: 200,
    description: 'Deleting; an empty body.',
    content: { 'text/html': { schema: { type: 'string', maxLength: 0 } } },
  })
  @ApiLegacyErrors({ 403: '`forbidden`.', 404: DOMAIN_NOT_FOUND })
  async delete(
    @Auth() auth: AuthContext,
    @DomainId() id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.domains.delete(auth, id, req.requestId);
    this.metrics.zoneChanges.inc({ action: 'DELETE' });
    res.status(200).type('text/html; charset=utf-8').send('');
  }

  /** A bare JSON array, as specified. */
  @Get(':domain_id/servers')
  @ApiOperation({
    summary: "List a domain's servers (legacy)",
    description: "The pool's NS records, as a bare array.",
  })
  @ApiOkResponse({ description: 'The servers.', type: [ServerView] })
  @ApiLegacyErrors({ 404: DOMAIN_NOT_FOUND })
  async servers(@Auth() auth: AuthContext, @DomainId() id: string): Promise<ServerView[]> {
    return (await this.domains.servers(auth, id)).map(renderServer);
  }
}
