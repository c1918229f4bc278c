import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, LegacyDomainsService, ZonesService } from '@zonewarden/domain';
import { Auth, AuthContext } from '../auth/auth-context';
import { HttpError } from '../common/errors/http-error';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { MetricsService } from '../metrics/metrics.service';
import { renderDomain, renderDomainSummary, renderServer } from './domain.view';
import { CreateDomainDto } from './dto/create-domain.dto';
import { UpdateDomainDto } from './dto/update-domain.dto';

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
  async create(
    @Auth() auth: AuthContext,
    @Body(new ObjectBodyPipe(CreateDomainDto, 'domain')) dto: CreateDomainDto,
    @Req() req: Request,
  ) {
    const domain = renderDomain(await this.zones.create(auth, dto, req.requestId));
    this.metrics.zoneChanges.inc({ action: 'CREATE' });
    return domain;
  }

  @Get()
  async list(@Auth() auth: AuthContext) {
    return { domains: (await this.domains.list(auth)).map(renderDomainSummary) };
  }

  @Get(':domain_id')
  async get(@Auth() auth: AuthContext, @DomainId() id: string) {
    return renderDomain(await this.domains.get(auth, id));
  }

  @Put(':domain_id')
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
  async servers(@Auth() auth: AuthContext, @DomainId() id: string) {
    return (await this.domains.servers(auth, id)).map(renderServer);
  }
}
