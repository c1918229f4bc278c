import { ApiTags } from '@nestjs/swagger';
import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ExportsService } from '@zonewarden/domain';
import { EXPORT_COLLECTION } from '@zonewarden/persistence';
import { Auth, AuthContext } from '../auth/auth-context';
import { collectionBody, collectionLinks } from '../collections/collection-links';
import { collectionOptions, parseCollectionQuery } from '../collections/collection-query';
import { baseUrl } from '../common/http/base-url';
import { Serves } from '../common/http/content-negotiation';
import { ClientGone, drained } from '../common/http/drained';
import { UuidPipe } from '../common/http/uuid.pipe';
import { GatewayConfig } from '../config/gateway.config';
import { renderExport } from './export.view';

const ExportId = () => Param('export_id', new UuidPipe('export_id'));
/** A download whose client takes nothing for this long is cut. */
const EXPORT_STALL_MS = 30_000;

@ApiTags('exports')
@Controller()
export class ExportsController {
  constructor(
    private readonly config: GatewayConfig,
    private readonly exports: ExportsService,
  ) {}

  @Post('v2/zones/:zone_id/tasks/export')
  @HttpCode(202)
  async create(
    @Auth() auth: AuthContext,
    @Param('zone_id', new UuidPipe('zone_id')) zoneId: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const view = renderExport(await this.exports.create(auth, zoneId, req.requestId), this.base(req));
    res.location(view.links.self);
    return view;
  }

  @Get('v2/zones/tasks/exports')
  async list(@Auth() auth: AuthContext, @Req() req: Request) {
    const limits = collectionOptions(this.config);
    const page = await this.exports.list(auth, parseCollectionQuery(req, EXPORT_COLLECTION, limits));
    const base = this.base(req);
    return collectionBody(
      'exports',
      page.items.map((record) => renderExport(record, base)),
      collectionLinks(req, page, this.config.API_PUBLIC_URL),
      page.totalCount,
    );
  }

  @Get('v2/zones/tasks/exports/:export_id')
  async get(@Auth() auth: AuthContext, @ExportId() id: string, @Req() req: Request) {
    return renderExport(await this.exports.get(auth, id), this.base(req));
  }

  @Delete('v2/zones/tasks/exports/:export_id')
  @HttpCode(204)
  async delete(@Auth() auth: AuthContext, @ExportId() id: string): Promise<void> {
    await this.exports.delete(auth, id);
  }

  /** The zonefile, streamed as text/dns; any other Accept than text/dns or `*\/*` is 406. */
  @Get(['v2/zones/tasks/exports/:export_id/export', 'zones/tasks/exports/:export_id/export'])
  @Serves('text/dns')
  async content(@Auth() auth: AuthContext, @ExportId() id: string, @Res() res: Response): Promise<void> {
    let started = false;
    await this.exports
      .stream(auth, id, async (chunk) => {
        if (res.destroyed) throw new ClientGone('the client closed the connection');
        if (!started) {
          res.status(200).type('text/dns');
          started = true;
        }
        if (!res.write(chunk)) await drained(res, EXPORT_STALL_MS);
      })
      .catch((error: unknown) => {
        // A client that left or stopped reading: nothing to answer, and nothing is held for it.
        if (!(error instanceof ClientGone)) throw error;
        res.destroy();
      });
    if (res.destroyed) return;
    res.end();
  }

  private base(req: Request): string {
    return baseUrl(req, this.config.API_PUBLIC_URL);
  }
}
