import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { TsigKeysService } from '@zonewarden/domain';
import { TSIGKEY_COLLECTION } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { CreateTsigKeyDto, UpdateTsigKeyDto } from './dto/tsigkey.dto';
import { ApiCollection, ApiErrors, ApiSuccess } from '../openapi/api-docs';
import { TsigKeyView, renderTsigKey } from './tsigkey.view';

const NOT_FOUND = '`tsigkey_not_found`.';
const ADMINS_ONLY = '`forbidden`: not an admin.';

const TsigKeyId = () => Param('tsigkey_id', new UuidPipe('tsigkey_id'));

/** Designate's /v2/tsigkeys (admin only, the policy is the domain's). */
@ApiTags('tsigkeys')
@Controller('v2/tsigkeys')
export class TsigKeysController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly keys: TsigKeysService,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a TSIG key', description: 'Admins only.' })
  @ApiSuccess({ status: 201, description: 'The key.', type: TsigKeyView, location: true })
  @ApiErrors({ 403: ADMINS_ONLY, 409: '`duplicate_tsigkey`: the name is taken.' })
  async create(
    @Auth() auth: AuthContext,
    @Body(new ObjectBodyPipe(CreateTsigKeyDto, 'tsigkey')) dto: CreateTsigKeyDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { resource_id: resourceId, ...fields } = dto;
    const key = renderTsigKey(await this.keys.create(auth, { ...fields, resourceId }), this.base(req));
    res.status(201).location(key.links.self);
    return key;
  }

  @Get()
  @ApiOperation({ summary: 'List TSIG keys', description: 'Admins only.' })
  @ApiCollection(TSIGKEY_COLLECTION, 'tsigkeys', TsigKeyView)
  @ApiErrors({ 403: ADMINS_ONLY })
  async list(@Auth() auth: AuthContext, @Req() req: Request) {
    const page = await this.keys.list(
      auth,
      parseCollectionQuery(req, TSIGKEY_COLLECTION, collectionOptions(this.config)),
    );
    const base = this.base(req);
    return collectionBody(
      'tsigkeys',
      page.items.map((key) => renderTsigKey(key, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  @Get(':tsigkey_id')
  @ApiOperation({ summary: 'Show a TSIG key', description: 'Admins only.' })
  @ApiOkResponse({ description: 'The key.', type: TsigKeyView })
  @ApiErrors({ 403: ADMINS_ONLY, 404: NOT_FOUND })
  async get(@Auth() auth: AuthContext, @TsigKeyId() id: string, @Req() req: Request) {
    return renderTsigKey(await this.keys.get(auth, id), this.base(req));
  }

  @Patch(':tsigkey_id')
  @ApiOperation({ summary: 'Update a TSIG key', description: 'Admins only; any of the fields.' })
  @ApiOkResponse({ description: 'The key.', type: TsigKeyView })
  @ApiErrors({ 403: ADMINS_ONLY, 404: NOT_FOUND, 409: '`duplicate_tsigkey`: the name is taken.' })
  async update(
    @Auth() auth: AuthContext,
    @TsigKeyId() id: string,
    @Body(new ObjectBodyPipe(UpdateTsigKeyDto, 'tsigkey')) dto: UpdateTsigKeyDto,
    @Req() req: Request,
  ) {
    const { resource_id: resourceId, ...fields } = dto;
    return renderTsigKey(await this.keys.update(auth, id, { ...fields, resourceId }), this.base(req));
  }

  @Delete(':tsigkey_id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a TSIG key', description: 'Admins only.' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors({ 403: ADMINS_ONLY, 404: NOT_FOUND })
  async delete(@Auth() auth: AuthContext, @TsigKeyId() id: string): Promise<void> {
    await this.keys.delete(auth, id);
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
