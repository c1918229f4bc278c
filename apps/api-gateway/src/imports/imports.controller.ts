import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ImportsService } from '@zonewarden/domain';
import { IMPORT_COLLECTION } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { HttpError } from '../common/errors/http-error';
import { baseUrl } from '../common/http/base-url';
import { UuidPipe } from '../common/http/uuid.pipe';
import { successStatus } from '../common/http/success-status';
import { GatewayConfig } from '../config/gateway.config';
import { ApiCollection, ApiErrors, ApiRequestBody, ApiSuccess } from '../openapi/api-docs';
import { ImportView, renderImport } from './import.view';
import { zonefileUploadOf } from './zonefile-body';

const ImportId = () => Param('import_id', new UuidPipe('import_id'));
const NOT_FOUND = "`zone_import_not_found`: no such import, or another project's.";
const ZONEFILE_EXAMPLE = `$ORIGIN example.org.
$TTL 3600
@ IN SOA ns1.example.org. hostmaster.example.org. 1 3600 600 86400 3600
@ IN NS ns1.example.org.
www IN A 192.0.2.10
@ IN TXT "v=spf1 -all"
`;

/**
 * The zonefile of an import request, in pieces: the text/dns body as it is read (its refusals raised as
 * it is), or `zonefile` of a JSON one.
 */
function zonefileOf(req: Request): AsyncIterable<string> | Iterable<string> {
  if (req.is('text/dns')) {
    const upload = zonefileUploadOf(req);
    if (!upload) throw new HttpError(400, 'empty_request_body', 'Request Body is empty');
    return upload.pieces();
  }
  if (req.is('application/json')) {
    const body = req.body as { zonefile?: unknown } | undefined;
    if (body === undefined) throw new HttpError(400, 'empty_request_body', 'Request Body is empty');
    if (typeof body?.zonefile !== 'string' || body.zonefile.length === 0) {
      throw new HttpError(
        400,
        'invalid_object',
        'The "zonefile" field is required when using application/json content type',
      );
    }
    return [body.zonefile];
  }
  throw new HttpError(415, 'unsupported_content_type', 'Content-type must be text/dns or application/json');
}

/** Imports are created here and carried out by zone-worker; their state is read back here. */
@ApiTags('imports')
@Controller('v2/zones/tasks/imports')
export class ImportsController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly imports: ImportsService,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Import a zonefile',
    description:
      "The zone is the file's origin; zone-worker creates it with its record sets (the file's SOA and apex NS are replaced by the service's). Poll the import until COMPLETE or ERROR.",
  })
  @ApiRequestBody({
    required: true,
    description: 'An RFC 1035 zonefile: the raw text, or JSON `{zonefile}`.',
    content: {
      'text/dns': { schema: { type: 'string' }, example: ZONEFILE_EXAMPLE },
      'application/json': {
        schema: {
          type: 'object',
          required: ['zonefile'],
          additionalProperties: false,
          properties: { zonefile: { type: 'string', minLength: 1 } },
        },
        example: { zonefile: ZONEFILE_EXAMPLE },
      },
    },
  })
  @ApiSuccess({
    status: 201,
    designateStatus: 202,
    description: 'The import, PENDING.',
    type: ImportView,
    location: true,
  })
  @ApiErrors({
    400: '`empty_request_body`; `invalid_object` (JSON without `zonefile`); `bad_request` (a NUL in the zonefile).',
    413: '`request_too_large`: a text/dns body over `MAX_ZONEFILE_BYTES`.',
    415: '`unsupported_content_type`: neither text/dns nor application/json (or an unknown charset).',
  })
  async create(@Auth() auth: AuthContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    // The body is read once the policy allows the import.
    const created = await this.imports.create(auth, () => zonefileOf(req), req.requestId);
    const view = renderImport(created, this.base(req));
    res.status(successStatus(this.config, 'createImport')).location(view.links.self);
    return view;
  }

  @Get()
  @ApiOperation({ summary: 'List zone imports' })
  @ApiCollection(IMPORT_COLLECTION, 'imports', ImportView)
  async list(@Auth() auth: AuthContext, @Req() req: Request) {
    const limits = collectionOptions(this.config);
    const page = await this.imports.list(auth, parseCollectionQuery(req, IMPORT_COLLECTION, limits));
    const base = this.base(req);
    return collectionBody(
      'imports',
      page.items.map((record) => renderImport(record, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  @Get(':import_id')
  @ApiOperation({ summary: 'Show a zone import' })
  @ApiOkResponse({ description: 'The import.', type: ImportView })
  @ApiErrors({ 404: NOT_FOUND })
  async get(@Auth() auth: AuthContext, @ImportId() id: string, @Req() req: Request) {
    return renderImport(await this.imports.get(auth, id), this.base(req));
  }

  /** Removes the import record only; the zone it created stays. */
  @Delete(':import_id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a zone import',
    description: 'Removes the import record only; the zone stays.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrors({ 404: NOT_FOUND })
  async delete(@Auth() auth: AuthContext, @ImportId() id: string): Promise<void> {
    await this.imports.delete(auth, id);
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
