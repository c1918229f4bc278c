import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Auth, AuthContext } from '../auth/auth-context';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { renderDomain, renderDomainSummary, renderServer } from './domain.view';
import { DomainsService } from './domains.service';
import { CreateDomainDto } from './dto/create-domain.dto';
import { UpdateDomainDto } from './dto/update-domain.dto';

const DomainId = () => Param('domain_id', new UuidPipe('domain_id', { status: 404, type: 'zone_not_found' }));

/** The legacy domain interface, unprefixed as specified and under /v1 as Designate mounted it. */
@ApiTags('legacy domains')
@Controller(['domains', 'v1/domains'])
export class DomainsController {
  constructor(private readonly domains: DomainsService) {}

  @Post()
  @HttpCode(200)
  async create(
    @Auth() auth: AuthContext,
    @Body(new ObjectBodyPipe(CreateDomainDto, 'domain')) dto: CreateDomainDto,
    @Req() req: Request,
  ) {
    return renderDomain(await this.domains.create(auth, dto, req.requestId));
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
    return renderDomain(await this.domains.update(auth, id, dto, req.requestId));
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
    res.status(200).type('text/html; charset=utf-8').send('');
  }

  /** A bare JSON array, as specified. */
  @Get(':domain_id/servers')
  async servers(@Auth() auth: AuthContext, @DomainId() id: string) {
    return (await this.domains.servers(auth, id)).map(renderServer);
  }
}
