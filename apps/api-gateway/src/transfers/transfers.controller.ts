import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
import { ApiCollection, ApiErrors, ApiSuccess } from '../openapi/api-docs';
import {
  TransferAcceptView,
  TransferRequestView,
  renderTransferAccept,
  renderTransferRequest,
} from './transfer.view';

const RequestId = () => Param('request_id', new UuidPipe('zone_transfer_request_id'));
const REQUEST_NOT_FOUND =
  '`zone_transfer_request_not_found`: no such request, or one targeted at another project.';
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
  @ApiOperation({
    summary: 'Offer a zone to another project',
    description:
      'One ACTIVE request per zone. Every field is optional: no body, or JSON `null`, asks for the defaults.',
  })
  @ApiBody({
    type: CreateTransferRequestDto,
    required: false,
    examples: {
      targeted: {
        summary: 'For one project',
        value: { target_project_id: 'project-two', description: 'For project two' },
      },
      anyone: { summary: 'For any project with the key', value: {} },
    },
  })
  @ApiSuccess({
    status: 201,
    description: 'The request, with its key.',
    type: TransferRequestView,
    location: true,
  })
  @ApiErrors({
    400: '`invalid_object` (the body), `bad_request` (a deleting zone).',
    403: '`forbidden`: a reader, or a project the zone is only shared with.',
    404: "`zone_not_found`: no such zone, or another project's.",
    409: '`duplicate_zone_transfer_request`: the zone has an ACTIVE request.',
  })
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
  @ApiOperation({
    summary: 'List zone transfer requests',
    description: "The project's own requests and those targeted at it.",
  })
  @ApiCollection(TRANSFER_REQUEST_COLLECTION, 'transfer_requests', TransferRequestView, { counted: false })
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
  @ApiOperation({
    summary: 'Show a zone transfer request',
    description:
      'The owner sees every field with `key`; the target project every field but `key`; any other project `id, zone_id, zone_name, description, status, links`.',
  })
  @ApiOkResponse({ description: 'The request.', type: TransferRequestView })
  @ApiErrors({ 404: REQUEST_NOT_FOUND })
  async getRequest(@Auth() auth: AuthContext, @RequestId() id: string, @Req() req: Request) {
    const { request, view } = await this.transfers.getRequest(auth, id);
    return renderTransferRequest(request, this.base(req), view);
  }

  @Patch('v2/zones/tasks/transfer_requests/:request_id')
  @ApiOperation({
    summary: 'Update a zone transfer request',
    description: 'Its description; the owner only.',
  })
  @ApiBody({
    type: UpdateTransferRequestDto,
    examples: { description: { summary: 'A new description', value: { description: 'Updated' } } },
  })
  @ApiOkResponse({ description: 'The request.', type: TransferRequestView })
  @ApiErrors({ 403: '`forbidden`: not the owner.', 404: REQUEST_NOT_FOUND })
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
  @ApiOperation({ summary: 'Withdraw a zone transfer request', description: 'The owner only.' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors({ 403: '`forbidden`: not the owner.', 404: REQUEST_NOT_FOUND })
  async deleteRequest(@Auth() auth: AuthContext, @RequestId() id: string): Promise<void> {
    await this.transfers.deleteRequest(auth, id);
  }

  /** The specification's path and the one Designate's clients use. */
  @Post(['v2/zones/tasks/transfer_accept', 'v2/zones/tasks/transfer_accepts'])
  @ApiOperation({
    summary: 'Accept a zone transfer',
    description:
      "The zone and all its record sets become the caller's project's. Served at `transfer_accept` (the specification's) and `transfer_accepts` (Designate's).",
  })
  @ApiBody({
    type: TransferAcceptDto,
    examples: {
      accept: {
        summary: 'The key and the request',
        value: { key: 'ABCDEFGH12345678', zone_transfer_request_id: '1d7e3a58-2f0c-4d0e-9b59-4c3a1d1f7a21' },
      },
    },
  })
  @ApiSuccess({ status: 201, description: 'Accepted: COMPLETE.', type: TransferAcceptView, location: true })
  @ApiErrors({
    400: '`invalid_object` (the body), `invalid_uuid`, `invalid_zone_transfer_request` (already used).',
    403: '`invalid_key`: the wrong key; `forbidden`: a reader.',
    404: REQUEST_NOT_FOUND,
    413: "`over_quota`: the acceptor's zone quota.",
  })
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
    const accepted = await this.transfers.accept(auth, dto.zone_transfer_request_id, dto.key, req.requestId);
    const view = renderTransferAccept(accepted, this.base(req));
    res.status(201).location(view.links.self);
    return view;
  }

  @Get('v2/zones/tasks/transfer_accepts/:accept_id')
  @ApiOperation({
    summary: 'Show a zone transfer accept',
    description: 'The accepting project (or an admin).',
  })
  @ApiOkResponse({ description: 'The accept.', type: TransferAcceptView })
  @ApiErrors({ 404: '`zone_transfer_accept_not_found`.' })
  async getAccept(
    @Auth() auth: AuthContext,
    @Param('accept_id', new UuidPipe('transfer_accept_id')) id: string,
    @Req() req: Request,
  ) {
    return renderTransferAccept(await this.transfers.getAccept(auth, id), this.base(req));
  }

  @Get('v2/zones/tasks/transfer_accepts')
  @ApiOperation({ summary: 'List zone transfer accepts', description: 'Admins only.' })
  @ApiCollection(TRANSFER_ACCEPT_COLLECTION, 'transfer_accepts', TransferAcceptView)
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
