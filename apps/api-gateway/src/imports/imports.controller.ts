import { ApiTags } from '@nestjs/swagger';
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
import { renderImport } from './import.view';
import { zonefileUploadOf } from './zonefile-body';

const ImportId = () => Param('import_id', new UuidPipe('import_id'));

/** The zonefile of an import request, in pieces: the text/dns body, or `zonefile` of a JSON one. */
function zonefileOf(req: Request): Iterable<string> {
  if (req.is('text/dns')) {
    const upload = zonefileUploadOf(req);
    if (!upload || upload.length === 0)
      throw new HttpError(400, 'empty_request_body', 'Request Body is empty');
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
  async create(@Auth() auth: AuthContext, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    // The body is read once the policy allows the import.
    const created = await this.imports.create(auth, () => zonefileOf(req), req.requestId);
    const view = renderImport(created, this.base(req));
    res.status(successStatus(this.config, 'createImport')).location(view.links.self);
    return view;
  }

  @Get()
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
  async get(@Auth() auth: AuthContext, @ImportId() id: string, @Req() req: Request) {
    return renderImport(await this.imports.get(auth, id), this.base(req));
  }

  /** Removes the import record only; the zone it created stays. */
  @Delete(':import_id')
  @HttpCode(204)
  async delete(@Auth() auth: AuthContext, @ImportId() id: string): Promise<void> {
    await this.imports.delete(auth, id);
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
