import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { TransfersService, authorize } from '@zonewarden/domain';
import { TRANSFER_ACCEPT_COLLECTION, TRANSFER_REQUEST_COLLECTION } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe, invalidUuid, isUuid } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import {
  CreateTransferRequestDto,
  TransferAcceptDto,
  UpdateTransferRequestDto,
} from './dto/transfer-request.dto';
import { renderTransferAccept, renderTransferRequest } from './transfer.view';

const RequestId = () => Param('request_id', new UuidPipe('zone_transfer_request_id'));
/** A transfer request may be created with no body at all. */
const optionalBody = new ObjectBodyPipe(CreateTransferRequestDto, 'transfer_request');

@ApiTags('transfers')
@Controller()
export class TransfersController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly transfers: TransfersService,
  ) {}

  @Post('v2/zones/:zone_id/tasks/transfer_requests')
  async create(
    @Auth() auth: AuthContext,
    @Param('zone_id', new UuidPipe('zone_id')) zoneId: string,
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    // Every field is optional: no body, or JSON `null` (Designate's tempest sends one), asks for the defaults.
    const dto =
      body === undefined || body === null ? new CreateTransferRequestDto() : optionalBody.transform(body);
    const view = renderTransferRequest(
      await this.transfers.createRequest(auth, zoneId, {
        targetProjectId: dto.target_project_id ?? null,
        description: dto.description ?? null,
      }),
      this.base(req),
      'owner',
    );
    res.status(201).location(view.links.self);
    return view;
  }

  @Get('v2/zones/tasks/transfer_requests')
  async listRequests(@Auth() auth: AuthContext, @Req() req: Request) {
    const { page, viewOf } = await this.transfers.listRequests(
      auth,
      parseCollectionQuery(req, TRANSFER_REQUEST_COLLECTION, collectionOptions(this.config)),
    );
    const base = this.base(req);
    return collectionBody(
      'transfer_requests',
      page.items.map((request) => renderTransferRequest(request, base, viewOf(request))),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
    );
  }

  @Get('v2/zones/tasks/transfer_requests/:request_id')
  async getRequest(@Auth() auth: AuthContext, @RequestId() id: string, @Req() req: Request) {
    const { request, view } = await this.transfers.getRequest(auth, id);
    return renderTransferRequest(request, this.base(req), view);
  }

  @Patch('v2/zones/tasks/transfer_requests/:request_id')
  async updateRequest(
    @Auth() auth: AuthContext,
    @RequestId() id: string,
    @Body(new ObjectBodyPipe(UpdateTransferRequestDto, 'transfer_request')) dto: UpdateTransferRequestDto,
    @Req() req: Request,
  ) {
    return renderTransferRequest(
      await this.transfers.updateRequest(auth, id, dto.description ?? null),
      this.base(req),
      'owner',
    );
  }

  @Delete('v2/zones/tasks/transfer_requests/:request_id')
  @HttpCode(204)
  async deleteRequest(@Auth() auth: AuthContext, @RequestId() id: string): Promise<void> {
    await this.transfers.deleteRequest(auth, id);
  }

  /** The specification's path and the one Designate's clients use. */
  @Post(['v2/zones/tasks/transfer_accept', 'v2/zones/tasks/transfer_accepts'])
  async accept(
    @Auth() auth: AuthContext,
    @Body(new ObjectBodyPipe(TransferAcceptDto, 'transfer_accept')) dto: TransferAcceptDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    // The policy first, then the body's id (as Designate's v2 answers a reader).
    authorize(auth, 'write');
    if (!isUuid(dto.zone_transfer_request_id))
      throw invalidUuid('zone_transfer_request_id', dto.zone_transfer_request_id);
    const accepted = await this.transfers.accept(auth, dto.zone_transfer_request_id, dto.key);
    const view = renderTransferAccept(accepted, this.base(req));
    res.status(201).location(view.links.self);
    return view;
  }

  @Get('v2/zones/tasks/transfer_accepts/:accept_id')
  async getAccept(
    @Auth() auth: AuthContext,
    @Param('accept_id', new UuidPipe('transfer_accept_id')) id: string,
    @Req() req: Request,
  ) {
    return renderTransferAccept(await this.transfers.getAccept(auth, id), this.base(req));
  }

  @Get('v2/zones/tasks/transfer_accepts')
  async listAccepts(@Auth() auth: AuthContext, @Req() req: Request) {
    const page = await this.transfers.listAccepts(
      auth,
      parseCollectionQuery(req, TRANSFER_ACCEPT_COLLECTION, collectionOptions(this.config)),
    );
    const base = this.base(req);
    return collectionBody(
      'transfer_accepts',
      page.items.map((accept) => renderTransferAccept(accept, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
