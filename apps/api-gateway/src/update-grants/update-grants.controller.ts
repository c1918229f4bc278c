import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { UpdateGrantsService } from '@zonewarden/domain';
import { UPDATE_GRANT_COLLECTION } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { ApiCollection, ApiErrors, ApiSuccess } from '../openapi/api-docs';
import { CreateUpdateGrantDto, GrantNameDto, UpdateUpdateGrantDto } from './update-grant.dto';
import { UpdateGrantBodyPipe } from './update-grant-body.pipe';
import {
  NewUpdateGrantView,
  UpdateGrantView,
  renderNewUpdateGrant,
  renderUpdateGrant,
} from './update-grant.view';

const ZoneId = () => Param('zone_id', new UuidPipe('zone_id'));
const GrantId = () => Param('update_grant_id', new UuidPipe('update_grant_id'));
const ZONE_NOT_FOUND = '`zone_not_found`: no such zone, or one the caller does not see.';
const GRANT_NOT_FOUND = `${ZONE_NOT_FOUND} \`update_grant_not_found\`.`;
const NOT_OWNER = '`forbidden`: a reader (for a change), or a project the zone is only shared with.';
const INVALID =
  '`invalid_object`: the body, a key name that is not a DNS name, an algorithm other than hmac-sha1/256/384/512 (hmac-md5 is refused), a secret that is not base64 of 16 to 512 bytes, a name outside the zone, a type the API does not take; `bad_request`: a deleting zone, a zone with 100 grants.';

const toNames = (names: GrantNameDto[] | undefined) => names?.map(({ match, name }) => ({ match, name }));

/**
 * `/v2/zones/{zone_id}/update_grants` (Zonewarden's extension): the TSIG keys that may change the zone by
 * RFC 2136 dynamic updates (nsupdate, certbot's and lego's rfc2136, external-dns), and what each may change.
 */
@ApiTags('update grants')
@Controller('v2/zones/:zone_id/update_grants')
export class UpdateGrantsController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly grants: UpdateGrantsService,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Grant a TSIG key dynamic updates of a zone',
    description:
      "Members and admins of the zone's project. The answer carries the key's secret, shown this once (the service makes one unless the body brings it).",
  })
  @ApiBody({
    type: CreateUpdateGrantDto,
    examples: {
      acme: {
        summary: 'ACME DNS-01 challenges only',
        value: {
          key_name: 'acme-key.',
          names: [{ match: 'name', name: '_acme-challenge.example.com.' }],
          types: ['TXT'],
          description: 'certbot',
        },
      },
      externalDns: {
        summary: 'external-dns: a subdomain, and transfers',
        value: {
          key_name: 'external-dns.',
          algorithm: 'hmac-sha512',
          names: [{ match: 'subdomain', name: 'k8s.example.com.' }],
          types: ['A', 'AAAA', 'CNAME', 'TXT'],
          allow_transfer: true,
        },
      },
    },
  })
  @ApiSuccess({
    status: 201,
    description: 'The grant, with its secret.',
    type: NewUpdateGrantView,
    location: true,
  })
  @ApiErrors({
    400: INVALID,
    403: NOT_OWNER,
    404: ZONE_NOT_FOUND,
    409: '`duplicate_update_grant`: the zone has a grant of that key name.',
  })
  async create(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @Body(new UpdateGrantBodyPipe(CreateUpdateGrantDto)) dto: CreateUpdateGrantDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NewUpdateGrantView> {
    const grant = await this.grants.create(auth, zoneId, {
      keyName: dto.key_name,
      algorithm: dto.algorithm,
      secret: dto.secret,
      names: toNames(dto.names as GrantNameDto[])!,
      types: dto.types ?? undefined,
      allowTransfer: dto.allow_transfer ?? undefined,
      description: dto.description,
    });
    const view = renderNewUpdateGrant(grant, this.base(req));
    res.status(201).location(view.links.self);
    return view;
  }

  @Get()
  @ApiOperation({ summary: "List a zone's update grants", description: 'Without their secrets.' })
  @ApiCollection(UPDATE_GRANT_COLLECTION, 'update_grants', UpdateGrantView)
  @ApiErrors({ 403: NOT_OWNER, 404: ZONE_NOT_FOUND })
  async list(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @Req() req: Request) {
    const query = parseCollectionQuery(req, UPDATE_GRANT_COLLECTION, collectionOptions(this.config));
    const page = await this.grants.list(auth, zoneId, query);
    const base = this.base(req);
    return collectionBody(
      'update_grants',
      page.items.map((grant) => renderUpdateGrant(grant, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  @Get(':update_grant_id')
  @ApiOperation({ summary: 'Show an update grant', description: 'Without its secret.' })
  @ApiOkResponse({ description: 'The grant.', type: UpdateGrantView })
  @ApiErrors({ 403: NOT_OWNER, 404: GRANT_NOT_FOUND })
  async get(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @GrantId() id: string, @Req() req: Request) {
    return renderUpdateGrant(await this.grants.get(auth, zoneId, id), this.base(req));
  }

  @Patch(':update_grant_id')
  @ApiOperation({
    summary: 'Change what an update grant allows',
    description:
      'Its names, types, transfers and description; the key itself stays (grant a new key to change it).',
  })
  @ApiBody({
    type: UpdateUpdateGrantDto,
    examples: {
      narrow: {
        summary: 'TXT records of the ACME challenge name only, no transfers',
        value: {
          names: [{ match: 'name', name: '_acme-challenge.example.com.' }],
          types: ['TXT'],
          allow_transfer: false,
          description: 'certbot',
        },
      },
    },
  })
  @ApiOkResponse({ description: 'The grant.', type: UpdateGrantView })
  @ApiErrors({ 400: INVALID, 403: NOT_OWNER, 404: GRANT_NOT_FOUND })
  async update(
    @Auth() auth: AuthContext,
    @ZoneId() zoneId: string,
    @GrantId() id: string,
    @Body(new UpdateGrantBodyPipe(UpdateUpdateGrantDto)) dto: UpdateUpdateGrantDto,
    @Req() req: Request,
  ) {
    const grant = await this.grants.update(auth, zoneId, id, {
      names: toNames(dto.names as GrantNameDto[] | undefined),
      types: dto.types ?? undefined,
      allowTransfer: dto.allow_transfer ?? undefined,
      description: dto.description,
    });
    return renderUpdateGrant(grant, this.base(req));
  }

  @Delete(':update_grant_id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an update grant', description: 'Its key stops working at once.' })
  @ApiNoContentResponse({ description: 'Revoked.' })
  @ApiErrors({ 403: NOT_OWNER, 404: GRANT_NOT_FOUND })
  async delete(@Auth() auth: AuthContext, @ZoneId() zoneId: string, @GrantId() id: string): Promise<void> {
    await this.grants.delete(auth, zoneId, id);
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
